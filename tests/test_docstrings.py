"""Every docstring example in the installed package runs and passes.

The modules are doctested as installed (the same code a user imports), so the
test does not depend on how the package was installed.
"""

import doctest
import importlib
import inspect
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


@pytest.mark.parametrize("name", MODULES)
def test_public_names_have_docstrings(name):
    module = importlib.import_module(name)
    assert module.__doc__ and module.__doc__.strip(), name
    for public in getattr(module, "__all__", []):
        obj = getattr(module, public)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__doc__ and obj.__doc__.strip(), f"{name}.{public}"
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and (callable(value) or isinstance(value, property)):
                    assert value.__doc__, f"{name}.{public}.{attr}"
