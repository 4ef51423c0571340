"""What pickles of the compiled values call to rebuild them: a function of a Python module, which pickle finds by
name under every protocol (a function of the compiled module cannot be named so: pickle would try to pickle its
internals). __reduce_ex__ of Game, Rules and Move (loa._core) gives (restore, (KIND, STATE))."""
from . import _core


def restore(kind: str, state: tuple):
    """The Game, Rules or Move (`kind`) of a pickled state."""
    builders = {"Game": _core._game_from_state, "Rules": _core._rules_from_state, "Move": _core._move_from_state}
    if kind not in builders:
        raise ValueError(f"not a pickled loa value: {kind!r}")
    return builders[kind](state)
