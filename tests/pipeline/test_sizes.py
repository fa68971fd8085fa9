"""Sizes: "WxH" text is read once where it comes in and written back the same where it is
stored."""

import pytest

from pipeline.arguments import InputError
from pipeline.cli import make_parser
from pipeline.sizes import Size


def test_sizes_read_as_width_by_height():
    assert Size.parse("7x5") == Size(7, 5)
    assert Size.parse(" 4X4 ") == Size(4, 4)


def test_a_size_is_stored_as_the_text_it_reads_back_from():
    assert str(Size.parse(" 12X3 ")) == "12x3"
    assert Size.parse(str(Size(6, 4))) == Size(6, 4)


@pytest.mark.parametrize("text", ["", "5", "5x", "x5", "0x5", "5x-1", "axb", "5x5x5", "5 x 5"])
def test_a_size_that_is_not_WxH_is_refused_naming_it(text):
    with pytest.raises(ValueError, match="is not WxH"):
        Size.parse(text)


def test_the_size_option_gives_a_size_and_refuses_bad_text_in_one_line():
    args = make_parser().parse_args(["ladder-report", "slant", "--size", "5X4", "--boards", "1"])
    assert args.size == Size(5, 4)
    with pytest.raises(InputError, match="argument --size: size '5x' is not WxH"):
        make_parser().parse_args(["ladder-report", "slant", "--size", "5x", "--boards", "1"])
