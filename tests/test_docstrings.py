"""Every docstring example in the installed package runs and passes.

The modules are doctested as installed (the same code a user imports), so the
test does not depend on how the package was installed.
"""

import doctest
import importlib
import pkgutil

import exactcover
import pytest

MODULES = ["exactcover"] + [
    f"exactcover.{m.name}"
    for m in pkgutil.iter_modules(exactcover.__path__)
    if m.name != "__main__"
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.failed == 0


def test_public_names_have_docstrings():
    for name in exactcover.__all__:
        obj = getattr(exactcover, name)
        if not isinstance(obj, str):
            assert obj.__doc__ and obj.__doc__.strip(), name
            for attr, value in vars(obj).items() if isinstance(obj, type) else ():
                if not attr.startswith("_") and callable(value):
                    assert value.__doc__, f"{name}.{attr}"
