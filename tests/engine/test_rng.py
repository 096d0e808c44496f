from collections import Counter

import pytest

from engine.rng import Rng


def test_same_seed_same_sequence_and_state_resumes():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    resumed = Rng(a.state)
    assert [a.randint(1, 6) for _ in range(20)] == [resumed.randint(1, 6) for _ in range(20)]


def test_nearby_seeds_diverge():
    assert [Rng.from_seed(1).below(10**9) for _ in range(3)] != [Rng.from_seed(2).below(10**9) for _ in range(3)]


def test_dice_are_roughly_uniform():
    rng = Rng.from_seed(7)
    counts = Counter(rng.randint(1, 6) for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9000 < n < 11000 for n in counts.values())


def test_shuffle_is_a_permutation_and_choice_in_range():
    rng = Rng.from_seed(3)
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert rng.choice("abc") in "abc"
    with pytest.raises(ValueError):
        rng.below(0)
