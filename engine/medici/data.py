"""Medici vs Strozzi: the components, as data (shared/rules/CONTENT.md).

Facts come from the rule text and public sources; rows marked DECIDED are
our own choice because the printed value is not public (CONTENT.md says so).
Change a number here and the whole game follows.
"""

SEAT_NAMES = ("Medici", "Strozzi")  # seat 0 is Medici (blue), seat 1 Strozzi (red)

ROUNDS = 3
FIRST_DRAWER = (0, 1, 1)  # Medici opens round 1, Strozzi rounds 2 and 3
START_MONEY = 300

# The box's coins: 12x1, 6x5, 12x10, 18x50 = 1062. Each player takes 300, the
# rest is the bank. DECIDED: the bank is unlimited (it may go below zero: the
# coin count is not a limit, as loans are not either); see README.md.
BOX_MONEY = 12 * 1 + 6 * 5 + 12 * 10 + 18 * 50
BANK_START = BOX_MONEY - 2 * START_MONEY

SHIP_CAPACITY = (3, 4, 5)  # each player's three ships
MAX_LOT = 3  # a drawer reveals one tile, then may reveal a second and a third

GOODS = ("dye", "fur", "spice", "cloth")
GOLD = "gold"
GOOD_VALUES = (0, 1, 2, 3, 4, 4)  # six tiles per goods type
GOLD_VALUES = (5, 5)  # two gold tiles

# Every tile as (kind, value); a tile's id is its index. 4 x 6 + 2 = 26.
TILES = tuple([(good, value) for good in GOODS for value in GOOD_VALUES] + [(GOLD, value) for value in GOLD_VALUES])

HARBOUR_NAMES = ("Harbour 1", "Harbour 2", "Harbour 3")
# DECIDED: each harbour's monopoly tracks (each goods type on two harbours).
HARBOUR_GOODS = (
    ("dye", "fur", "spice"),
    ("fur", "cloth", "dye"),
    ("spice", "cloth"),
)
# The 8 monopoly tracks as (harbour, good); a marker's index is its track's.
TRACKS = tuple((harbour, good) for harbour, goods in enumerate(HARBOUR_GOODS) for good in goods)

HARBOUR_WIN = 20  # the higher cargo value in a harbour; a tie pays nobody
MARKER_PAY = 10  # per marker on your side of the centre
# DECIDED: a track has 6 steps each side of the centre; the marker stops at the end.
TRACK_STEPS = 6
# DECIDED: the bonus printed under steps 4 and 5 (either side) is +10, under step 6 +20.
STEP_BONUS = (0, 0, 0, 0, 10, 10, 20)  # indexed by the distance from the centre
ZERO_TILE_STEPS = 2  # a 0-value tile moves its marker two steps, any other one step

# DECIDED: the highest price one may name. No lot can be worth more: a player
# earns at most 3x20 + 8x(10+20) = 300 in a round, 900 in a game, so 1000 is
# beyond any sensible offer while keeping the input bounded.
MAX_PRICE = 1000
