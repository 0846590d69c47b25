### fichas: the English catalogue (en).
### Every message here exists in every language, with the same arguments: see ../README.md.

## Terms

# The project's name, as the app writes it.
-fichas = fichas

## Names: colours, cards, games, modes, options, bot levels, dice, places, lists

# A colour, as the name of the side (or Cartas seat) that plays it.
colour-yellow = Yellow

colour-blue = Blue

colour-red = Red

colour-green = Green

# A card's name, by the letter the notation writes: `A`.
card-name-ace = ace

# A card's name, by the letter the notation writes: `2`.
card-name-two = 2

# A card's name, by the letter the notation writes: `3`.
card-name-three = 3

# A card's name, by the letter the notation writes: `4`.
card-name-four = 4

# A card's name, by the letter the notation writes: `5`.
card-name-five = 5

# A card's name, by the letter the notation writes: `6`.
card-name-six = 6

# A card's name, by the letter the notation writes: `7`.
card-name-seven = 7

# A card's name, by the letter the notation writes: `8`.
card-name-eight = 8

# A card's name, by the letter the notation writes: `9`.
card-name-nine = 9

# A card's name, by the letter the notation writes: `T`.
card-name-ten = 10

# A card's name, by the letter the notation writes: `J`.
card-name-jack = jack

# A card's name, by the letter the notation writes: `Q`.
card-name-queen = queen

# A card's name, by the letter the notation writes: `K`.
card-name-king = king

# A card's name, by the letter the notation writes: `*`.
card-name-joker = joker

# Helper: $card (a card name such as ace, seven, joker; hidden for a card the event hides) with its indefinite article.
card-a = { $card ->
        [ace] an ace
        [two] a 2
        [three] a 3
        [four] a 4
        [five] a 5
        [six] a 6
        [seven] a 7
        [eight] an 8
        [nine] a 9
        [ten] a 10
        [jack] a jack
        [queen] a queen
        [king] a king
        [joker] a joker
       *[hidden] a card
    }

# Helper: $card with its definite article.
card-the = { $card ->
        [ace] the ace
        [two] the 2
        [three] the 3
        [four] the 4
        [five] the 5
        [six] the 6
        [seven] the 7
        [eight] the 8
        [nine] the 9
        [ten] the 10
        [jack] the jack
        [queen] the queen
        [king] the king
        [joker] the joker
       *[hidden] the card
    }

# Helper: what a joker is played as, from $named (a card name).
card-as-named = { $named ->
        [ace] as an ace
        [two] as a 2
        [three] as a 3
        [four] as a 4
        [five] as a 5
        [six] as a 6
        [seven] as a 7
        [eight] as an 8
        [nine] as a 9
        [ten] as a 10
        [jack] as a jack
        [queen] as a queen
        [king] as a king
       *[joker] as a joker
    }

# Helper: the card spent, $card, and for a joker what it is played as, $named.
card-played-a = { $card ->
        [joker] a joker { card-as-named }
       *[other] { card-a }
    }

# Helper: as card-played-a, with the definite article.
card-played-the = { $card ->
        [joker] the joker { card-as-named }
       *[other] { card-the }
    }

# The games, as variant texts begin.
game-poleana = Poleana

game-poleana-express = Poleana Express

game-parchis = Parchís

game-cartas = Cartas

# Poleana's modes (`poleana:…:strict`).
mode-poleana-strict = strict

mode-poleana-assisted = assisted

mode-poleana-free = free

# Parchís' modes (`parchis:pairs`).
mode-parchis-individual = individual

mode-parchis-two-player = two players

mode-parchis-two-colours = two colours

mode-parchis-pairs = pairs

# Variant option `:2`, `:3`, `:4`. $count: the number of players.
option-players = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }

# Variant option `:YBG`. $colours: the colours, already listed (list-and).
option-colours = colours { $colours }

# Variant option `:first=B`.
option-first = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } starts

# Poleana option `:open-bridges`.
option-open-bridges = bridges open to all

# Poleana option `:no-tapon-captures`.
option-no-tapon-captures = no tapón captures

# Cartas option `:sets=N`.
option-sets = { $count ->
        [one] 1 set of 52 cards
       *[other] { $count } sets of 52 cards
    }

# Cartas option `:jokers=N`.
option-jokers = { $count ->
        [0] no jokers
        [one] 1 joker
       *[other] { $count } jokers
    }

# Cartas option `:deck=…`.
option-deck = custom deck

# A bot's strength (`--opponents`, the app's seat choices).
level-random = random

level-greedy = greedy

level-search = search

level-easy = easy

level-medium = medium

level-hard = hard

level-expert = expert

# A table's dice source (`verifiable`, `system`, `host`).
dice-source-verifiable = verifiable

dice-source-system = the server's generator

dice-source-host = the host's

# Poleana: where tokens wait to come out.
place-start = start

# Parchís and Cartas: where tokens wait to come out.
place-home = home

place-goal = goal

# Poleana: where a penalty drops a token when none is on the board.
place-limbo = limbo

# Poleana's shortcut across a corner.
place-bridge = bridge

# Poleana's own cells 1c to 6c before the goal 7c.
place-house = house

# Parchís and Cartas: a colour's own cells before its goal.
place-corridor = corridor

place-track = track

# Poleana's track.
place-perimeter = perimeter

# Parchís: the cell a token comes out onto.
place-exit = exit

# Cartas: the cell a token comes out onto, where it blocks.
place-start-cell = start cell

place-cell = cell

place-safe = safe cell

place-police = police cell

# Two tokens of a colour that nobody passes.
place-barrier = barrier

# Poleana: two tokens of a colour on one perimeter cell.
place-tapon = tapón

place-pile = draw pile

place-discards = discards

# $count: how many.
word-token = { $count ->
        [one] token
       *[other] tokens
    }

# $count: how many.
word-card = { $count ->
        [one] card
       *[other] cards
    }

word-roll = roll

word-die = die

word-dice = dice

word-bonus = bonus

word-infraction = infraction

word-cession = cession

word-partner = partner

word-turn = turn

word-round = round

word-seat = seat

word-special-victory = special victory

# A list of names: $items are all but the last, joined with list-comma; $last the last one.
list-and = { $items } and { $last }

# What joins the items of a list before the last.
list-comma = { ", " }


## Events: Poleana (core/src/poleana/event.rs; also Poleana Express)

# $colour, $roll (as `6-3`).
event-poleana-rolled = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rolls { $roll }

# $colour (the token swept), $from (its police cell).
event-poleana-swept = The police send { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token on { $from } back to start

# $colour, $to (own 0, or own 3 for a 6+3), $count (1, or 2 on a 6+6).
event-poleana-released = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } releases { $count ->
        [one] a token
       *[other] { $count } tokens
    } onto { $to }

# $colour, $to (own 0).
event-poleana-rescued = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rescues a token from limbo onto { $to }

# $colour, $from, $to, $steps, $route (perimeter or bridge), $plus_ten (true or false).
event-poleana-moved = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token walks { $plus_ten ->
        [true] the +10 its capture earned,
       *[false] { $steps }
    } from { $from } to { $to }{ $route ->
        [bridge] { " " }by the bridge
       *[perimeter] { "" }
    }

# $colour, $from, $to, $steps, $plus_ten (true or false).
event-poleana-tapon_moved = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s tapón walks { $plus_ten ->
        [true] the +10 its capture earned,
       *[false] { $steps }
    } from { $from } to { $to }, both tokens together

# $by (the colour that captured), $victim, $at (named for the victim), $count (1, or a whole tapón).
event-poleana-captured = { $by ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } captures { $victim ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s { $count ->
        [one] token on { $at }: it goes back to start
       *[other] tapón ({ $count } tokens) on { $at }: they go back to start
    }

# $colour, $at (where the token stays).
event-poleana-plus_ten_lost = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } cannot walk its +10: the token stays on { $at }

# $colour.
event-poleana-scored = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token reaches the goal

# $colour, $cause (priority, third_double or timeout).
event-poleana-infraction = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } commits an infraction: { $cause ->
       *[priority] a choice of a better priority was open
        [third_double] a third double in a row
        [timeout] the time to play ran out
    }

# $colour, $from (its most advanced token's cell), $count (1, or a whole tapón).
event-poleana-sent_home = The penalty sends { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s { $count ->
        [one] token
       *[other] tapón ({ $count } tokens)
    } on { $from } back to start

# $colour.
event-poleana-to_limbo = The penalty drops one of { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s tokens from start into limbo

# $colour, $roll.
event-poleana-passed = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } cannot use { $roll }: the roll passes

# $colour, $die.
event-poleana-die_lost = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } cannot use the { $die } left: it is lost

# $colour.
event-poleana-extra_roll = A double: { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rolls again

# $to: the colour whose turn it is now.
event-poleana-turn_passed = { $to ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s turn

# outcome `standard`: $winner, the colour that won.
event-poleana-game_over = { $winner ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } brings every token to the goal and wins

# outcome `special`: $winners (the quiet colours, listed with list-and), $count (how many).
event-poleana-game_over-special = Special victory: a token reached a goal while { $winners } { $count ->
        [one] had never released a token nor committed an infraction, so { $winners } wins
       *[other] had never released a token nor committed an infraction, so { $winners } win
    }


## Events: Parchís (core/src/parchis/event.rs)

# $colour, $roll.
event-parchis-rolled = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rolls { $roll }

# $colour, $to (its exit cell), $by (5, or sum).
event-parchis-exited = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } brings a token out of home onto { $to } with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# $colour (a partner's, for ceded dice or a passed bonus), $from, $to, $steps (a 6 may walk 7), $by (a die 1 to 6, 10 or 20).
event-parchis-moved = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token walks { $steps } from { $from ->
        [goal] the goal
        [home] home
       *[other] { $from }
    } to { $to ->
        [goal] the goal
        [home] home
       *[other] { $to }
    } with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# $by (the capturing colour), $victim, $at.
event-parchis-captured = { $by ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } captures { $victim ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token on { $at }: it goes home

# $colour, $amount (20 for a capture, 10 for reaching the goal).
event-parchis-bonus_earned = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } earns a bonus of { $amount } { $amount ->
        [20] for the capture
       *[other] for reaching the goal
    }

# $colour, $amount.
event-parchis-bonus_lost = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s bonus of { $amount } has no use and is lost

# $colour.
event-parchis-scored = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token reaches the goal

# Cession: $from (the roller), $to (the partner colour that now decides the dice).
event-parchis-ceded = { $from ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } cannot use the dice: { $to ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } plays them, as the partner

# $colour, $dice (the dice left, as `5-3` or `5`), $count (how many: 1 or 2).
event-parchis-dice_lost = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } cannot use { $count ->
        [one] the { $dice }: it is lost
       *[other] the dice { $dice }: they are lost
    }

# $colour.
event-parchis-third_double = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rolls a third double in a row: it is not played

# $colour, $from.
event-parchis-sent_home = The third double sends { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token on { $from } home

# $colour.
event-parchis-timed_out = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } runs out of time

# $colour.
event-parchis-extra_roll = A double: { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } rolls again

# $to.
event-parchis-turn_passed = { $to ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s turn

# outcome.winners: $winners (listed with list-and), $count (1, or 2 for a side).
event-parchis-game_over = { $count ->
        [one] { $winners } brings every token to the goal and wins
       *[other] { $winners } bring every token to the goal and win together
    }


## Events: Cartas (core/src/cartas/event.rs). Seats are numbers 0 to 3, named by their tokens' colour.

# $round (rounds played before this one), $first (seat), $cards (each seat's deal: 6, 5, 4 or 3).
event-cartas-round_started = Round { $round } is over; the next deals { $cards } cards each, and { $first ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } leads

# $cards: how many discards.
event-cartas-reshuffled = { $cards ->
        [one] The discard is shuffled back into the draw pile
       *[other] The { $cards } discards are shuffled back into the draw pile
    }

# $to (seat), $card (hidden unless dealt to the viewer).
event-cartas-dealt = { $to ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } is dealt { card-a }

# $seat (passing to the seat on its left), $card (hidden to the others).
event-cartas-chose = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } lays { card-a } face down for the player on the left

# $seat, $from (the seat on its right), $card (hidden to the others).
event-cartas-received = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } receives { card-a } from { $from ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }

# $seat, $action (the notation after the card's colon: `21+8`, `steal1`), $card (the card spent), $named (what a joker is played as; else the card).
event-cartas-played = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } plays { card-played-a }: { $action }

# $seat, $cell (its start cell: 0, 16, 32 or 48).
event-cartas-brought_out = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s token comes out onto { $cell }, its start, where it blocks

# $seat, $from, $to (track cells 0 to 63, or c1 to c4 of the owner's corridor).
event-cartas-moved = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s token moves from { $from } to { $to }

# $seat (the owner of the token captured), $cell, $by (the seat that captured).
event-cartas-captured = { $by ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } captures { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s token on { $cell }: it goes home

# $seat (who played the swap), $cell, $with (the other token's owner), $other.
event-cartas-swapped = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s token on { $cell } and { $with ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s token on { $other } change places

# $thief, $victim (seats), $card (hidden to the others).
event-cartas-stole = { $thief ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } takes { card-a } from { $victim ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s hand

# $seat.
event-cartas-timed_out = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } runs out of time

# $seat, $cards (the hand laid face up, as letters such as `38TT`).
event-cartas-folded = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } cannot play: its hand ({ $cards }) is laid face up, and it sits out until the next round

# $to.
event-cartas-turn_passed = { $to ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    }'s turn

# outcome.winner: $winner (a seat).
event-cartas-won = { $winner ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } has all four tokens in the corridor and wins


## Errors: a move or outcome refused (core/src/phase.rs PlayError)

error-play-game_over = The game is over

error-play-chance_pending = A chance event is pending: sample or supply its outcome before deciding

error-play-not_chance = No chance event is pending: a player is to decide

# $action (the notation), $reason (an illegal-* message, formatted).
error-play-illegal = `{ $action }` is not legal here: { $reason }

# $outcome (the notation).
error-play-bad_outcome = `{ $outcome }` is not a possible outcome of this chance event


## Why an action is illegal: the $reason of error-play-illegal and error-table-illegal

illegal-other_game = it is an action of another game

illegal-host_timeout = a timeout is the host's to report, not a move

# The action is written `action id N`.
illegal-unknown_id = no action of this game has this id

# Poleana and Parchís.
illegal-does_not_apply = it does not apply here

illegal-poleana-no_token_there = you have no token there that may move now

illegal-poleana-no_tapon_there = you have no tapón on that cell

illegal-poleana-no_plus_ten = no +10 is waiting for a route

illegal-poleana-plus_ten_first = the route of the pending +10 must be chosen first

illegal-poleana-priority = strict mode allows only the highest priority present (sweep, release, capture, move)

illegal-poleana-maximum_advance = maximum advance: another choice of the same priority lets the whole roll be used

illegal-poleana-no_sweep = the roll exposes no rival on a police cell, or the sweep is no longer the first action

illegal-poleana-no_release = a release needs a release combo, a token at start, no token in limbo and no rival tapón on the landing cell

illegal-poleana-no_rescue = a rescue needs a release combo, a token in limbo and no rival tapón on own 0

illegal-poleana-no_tapon_move = a tapón moves as a unit only with a double, by the face of the dice, onto an empty cell or a rival tapón

illegal-poleana-no_such_number = the roll in hand offers no such number

illegal-poleana-limbo_first = while a token is in limbo nothing else moves

illegal-poleana-blocked = the token cannot walk there: blocked, past the goal, onto a cell it may not land on, or no bridge on the way

illegal-poleana-plus_ten_route = that route cannot take the full 10

illegal-parchis-bonus_first = the pending bonus must be played first

illegal-parchis-no_such_count = the roll in hand offers no such count

illegal-parchis-no_token_there = the colour to move has no token there

illegal-parchis-exit_closed = the exit is closed, or the sum is not a 3+2 or 4+1 of the roller's

illegal-parchis-exit_needs_five = only a 5, or the 3+2 / 4+1 sum, brings a token out

illegal-parchis-five_must_exit = a 5 that can bring a token out must do so

illegal-parchis-open_barrier = on a double the first die must open a barrier, or the move is blocked

illegal-parchis-not_this_colour = it is not this colour's turn

illegal-parchis-blocked = the token cannot walk there: a barrier is in the way, the goal is passed, or the cell is full

illegal-cartas-bad_use = that card cannot be used that way

illegal-cartas-no_card_to_pass = you hold no such card to pass

illegal-cartas-exchange_under_way = the exchange is under way: pass a card to the player on your left

illegal-cartas-exchange_over = the exchange is over: play a card

illegal-cartas-no_such_card = you hold no such card

illegal-cartas-none_at_home = you have no token at home

illegal-cartas-start_taken = your start cell holds your own token

illegal-cartas-no_token_there = you have no token there

illegal-cartas-no_corridor_turn = that token cannot turn into its corridor with this count: it must cross its own start, not be blocking it, and land inside the corridor without passing a token

illegal-cartas-blocked = that move is blocked: it passes a blocking token, overshoots, or lands on your own token or a blocking one

illegal-cartas-share_no_token = a share names a cell where you have no token

illegal-cartas-bad_seven = that split of the 7 is not legal: each share must walk without passing your own tokens or a blocking one, and all seven steps must be used

illegal-cartas-swap_own_notation = two of your own tokens are swapped with the action written J:own (or *:own)

illegal-cartas-bad_swap = a swap needs one of your tokens and another token on the track, neither at home, in a corridor nor blocking its start

illegal-cartas-bad_swap_own = you need two of your own tokens on the track, not blocking, to swap them

illegal-cartas-steal_self = you cannot take a card from yourself

illegal-cartas-nothing_to_steal = that seat holds no card to take

# The table's own reasons (core/src/table/mod.rs).
illegal-table-whitespace = a move is its notation alone, with no white space around it

illegal-table-no_roll_due = no roll is due: choose a move

illegal-table-roll_first = roll first

# A table move that is no text of the game's notation.
illegal-unreadable = it cannot be read as a move of this game


## Errors: a table's refusals (core/src/table/mod.rs TableError, table/dice.rs DiceError)

# $seat (who sent the move), $to_act (the seat to act, or the text none).
error-table-not_your_turn = It is not seat { $seat }'s turn: { $to_act ->
        [none] nobody is to act now
       *[other] seat { $to_act } is to act
    }

# $sent, $current (steps).
error-table-stale = The move was made on step { $sent }, but the table is at step { $current }: look at the position again

# $sent, $current.
error-table-ahead = The move names step { $sent }, which the table has not reached: it is at step { $current }

error-table-host_only = A timeout is the host's to report: no seat may ask for one

# $action, $reason (an illegal-* message or a parse error, formatted), $legal (the legal moves, joined with list-comma), $count (how many).
error-table-illegal = `{ $action }` is not legal here: { $reason } (legal: { $count ->
        [0] nothing
       *[other] { $legal }
    })

error-table-game_over = The game is over

# $seat, $seats (how many the table has).
error-table-no_such_seat = Seat { $seat } is not at this table of { $seats }

error-table-not_started = The table has not started: the host starts it once the seats have joined

error-table-started = The table has started: seats join and add their seeds before the start

error-table-nobody_on_turn = Nobody is on turn: the table waits for a card to be drawn

# $reason: why the table's chance failed, when no error-table-dice-* message says it.
error-table-dice = { $reason }

# $source (a dice-source-* name).
error-table-dice-not_host = The table's dice are { $source }: the host supplies none

error-table-dice-not_due = No outcome is due: a seat asks for its roll first

# $reason (the operating system's words).
error-table-dice-entropy = The operating system's secure generator failed: { $reason }

# $reason.
error-table-resume = The record cannot be resumed: { $reason }

# $source (a dice-source-* name).
error-dice-not_verifiable = The record's dice are not verifiable (its dice are { $source })

error-dice-no_table = The record was not written at a table, so its dice are not verifiable

error-dice-no_commitment = The record holds no dice commitment

# $commitment (hexadecimal).
error-dice-wrong_secret = The secret does not match the record's commitment { $commitment }

# $index, $recorded, $derived (notation, or none).
error-dice-differs = Step { $index } records { $recorded }, but the secret and the seeds give { $derived ->
        [none] no outcome
       *[other] { $derived }
    }


## Errors: records (core/src/record.rs RecordError, ReplayError, ChainError)

# $index, $reason.
error-record-replay = Step { $index } is illegal: { $reason }

# $reason (the JSON reader's words).
error-record-json = The record is not valid JSON of the record format: { $reason }

# $found, $supported.
error-record-newer_version = This record has format version { $found }, newer than the version { $supported } this library reads

# $found, $supported.
error-record-unknown_version = This record has format version { $found }, which no version of this library writes (it writes { $supported })

# $format.
error-record-format = This is not a fichas record (format `{ $format }`)

# $reason.
error-record-variant = The record's variant is not valid: { $reason }

# $reason.
error-record-start = The record's start position is not valid: { $reason }

# $index, $reason.
error-record-step = Step { $index } cannot be read: { $reason }

# $reason.
error-record-table = The record's table metadata is not valid: { $reason }

# $index.
error-chain-missing = Step { $index } carries no link: the record is not one this library wrote as evidence

# $index.
error-chain-broken = Step { $index } does not match its link: the record was changed at step { $index } or just before it

# $found, $expected (hexadecimal).
error-chain-head = The record's chain ends at { $found }, not at the head { $expected } that was kept: steps were changed, added or removed, or the record was cut short


## Errors: variants and configurations (each game's config.rs ConfigError, game.rs VariantError)

# $count.
error-config-poleana-players = Poleana is played by 2, 3 or 4 colours, not { $count }

# $count.
error-config-parchis-players = Parchís is played by 2, 3 or 4 colours, not { $count }

# $colour.
error-config-first_not_playing = The first player must be one of the colours in play, and { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } is not playing

# $colours (listed with list-and).
error-config-not_opposite = The two-player mode takes two opposite colours (Yellow and Red, or Blue and Green), not { $colours }

# $mode (two-colours or pairs).
error-config-all_colours = The { $mode ->
        [two-colours] two-colours
       *[pairs] pairs
    } mode plays all four colours

# $count.
error-config-too_few_cards = A deck of { $count } cards is too small: a round deals up to 24 (six to each of four players)

# $count.
error-config-too_many_cards = A deck of { $count } cards is too large: at most 255 cards

error-config-no_ace_nor_joker = The deck needs at least one ace or joker: they bring tokens out and make the single steps a full corridor needs

# $count.
error-config-sets = A deck is made of 1 to 4 sets of 52 cards, not { $count }


## Errors: reading text (core/src/notation.rs ParseError, ConflictError, TextError)

# $what (the kind of thing read), $found (the text), $expected (what would do). $what and $expected are the engine's English words for now.
error-text-parse = Cannot read { $what } from `{ $found }`: expected { $expected }

# $what (the option), $first, $second (the parts that set it).
error-text-conflict = `{ $first }` and `{ $second }` both set the { $what }: give it once

# $field.
error-text-missing = The position has no `{ $field }` field

# $field.
error-text-duplicate = The field `{ $field }` appears twice

# $field.
error-text-unknown_field = Unknown field `{ $field }`


## Errors: position texts (each game's position.rs PositionError)

# $reason (a formatted error-config-* message).
error-position-config = Bad configuration: { $reason }

# $colour, $what (the engine's English words for what the position gives it).
error-position-not_playing = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } is not in play, yet the position { $what }

# $colour, $expected, $found.
error-position-poleana-token_count = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } must have { $expected } tokens, not { $found }

# $colour, $found.
error-position-parchis-token_count = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } must have 4 tokens, not { $found }

# $seat, $found.
error-position-cartas-token_count = Seat { $seat } has { $found } tokens listed, but a seat has only 4

# $colour, $spot.
error-position-off_path = A { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } token cannot stand on { $spot }

# $spot.
error-position-crowded = Cell { $spot } holds tokens the rules never put together there

# $colour.
error-position-quiet_moved = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } is listed as quiet but has released a token

# $spot, $seat.
error-position-not_own_start = Only a token on its own start blocks, and { $spot } is not the start of seat { $seat }

# $found, $card (a card name), $deck.
error-position-too_many_cards = The position holds { $found } cards of rank { $card }, but the deck has only { $deck }

# $seat, $found, $max.
error-position-hand_size = Seat { $seat } holds { $found } cards, but a hand holds at most { $max } in this round

# $reason (the engine's English words).
error-position-inconsistent = The position is inconsistent: { $reason }


## Errors: the game server's refusals (fichas-server), by their error code

# $reason (the server's words).
error-server-BadRequest = The server could not read the request: { $reason }

# $seat.
error-server-SeatTaken = Seat { $seat } is taken

error-server-BadToken = This token holds no seat at this table

# $table.
error-server-NoSuchTable = There is no open table { $table }

error-server-TooManyTables = The server has as many tables waiting for players as it takes

# $count (tables a minute).
error-server-RateLimited = At most { $count } tables a minute per connection

error-server-ServerError = The server failed; nothing was kept: try again


## Bot hint reasons (core/src/bot/mod.rs Reason, by Reason::code)

reason-only = the only legal move

reason-wins = wins the game

reason-sweeps = the police sweep sends rivals home

# $victim (a colour; in Cartas the colour of the seat's number).
reason-captures = captures a { $victim ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } token

reason-scores = brings a token to the goal

reason-brings_out = brings a new token into play

reason-rescues = rescues the token in limbo

reason-holds_back = holds back: scoring now would hand the special victory to a quiet rival

reason-escapes = moves a threatened token out of reach

reason-blocks = builds a blockade

# $victim (the colour of the seat robbed).
reason-steals = takes a card from { $victim ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }

reason-swaps = swaps places to jump ahead

reason-saves_cards = keeps the stronger cards for later

reason-passes = passes the card it needs least

reason-advances = makes the most progress


## Prompts, turns and outcomes

prompt-roll = Roll the dice

prompt-choose-die = Choose a die or a bonus

prompt-tap-token = Tap a marked token

prompt-tap-card = Tap a card

# Cartas' exchange.
prompt-pass-card = Choose a card to pass to the player on your left

# Poleana: where a move or the +10 goes.
prompt-choose-route = Choose the route

# No legal use: a dice roll passes, a Cartas hand is folded.
prompt-no-move = No legal move: pass

# The button or word for passing.
prompt-pass = Pass

# $colour.
turn-colour-to-roll = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } to roll

# $colour.
turn-colour-to-play = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } to play

# Cartas: $seat.
turn-seat-to-play = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } to play

# Cartas: $seat.
turn-seat-to-pass = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } to pass a card

turn-your-roll = Your roll

turn-your-move = Your move

# $colour.
outcome-colour-wins = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } wins

# Cartas: $seat.
outcome-seat-wins = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } wins

# $winners (a side's two colours, listed with list-and).
outcome-win-together = { $winners } win together

# Poleana's special victory: $winners (the quiet colours, listed), $count.
outcome-special = Special victory: { $count ->
        [one] { $winners } wins, never having released a token nor committed an infraction
       *[other] { $winners } win, never having released a token nor committed an infraction
    }

outcome-game-over = Game over

outcome-you-win = You win!

outcome-you-lose = You lose.

outcome-nobody = Nobody wins


## Choices: what a legal action does, for its button

# A host's choice: the seat to decide ran out of time.
choice-timeout = Run out of time

choice-poleana-sweep = Call the police: every rival on a police cell the roll shows goes back to start

# $to (the release cell: the colour's 0, or its 3 for a 6+3), $count (1, or 2 on a 6+6).
choice-poleana-release = { $count ->
        [one] Bring a token out to { $to }
       *[other] Bring { $count } tokens out to { $to }
    }

choice-poleana-rescue = Rescue the token in limbo to your square 0

# $from, $to (the landing), $steps (a die or the sum).
choice-poleana-move = Move the token from { $from } to { $to } with the { $steps }

# $from, $to, $steps.
choice-poleana-move-bridge = Move the token from { $from } over the bridge to { $to } with the { $steps }

# $from, $to, $steps (one face of the double).
choice-poleana-tapon = Move the tapón from { $from } to { $to }: both tokens with the { $steps }

# $to (the landing).
choice-poleana-plus_ten = Walk the +10 round the board to { $to }

# $to.
choice-poleana-plus_ten-bridge = Walk the +10 over the bridge to { $to }

# Poleana's marks on a choice: the value shows, .title names.
choice-mark-compliant = ✓ keeps the rules
    .title = keeps the rules

choice-mark-infraction = ✕ infraction
    .title = infraction

choice-mark-safe = ★ safe cell
    .title = safe cell

choice-mark-police = ⚠ police cell
    .title = police cell

# $victim: the colour of the token a move captures.
choice-captures = captures a { $victim ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } token

# $to (the exit cell), $by (5, or sum).
choice-parchis-exit = Bring a token out to { $to } with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# $from, $to, $by (a die 1 to 6, or a bonus of 10 or 20).
choice-parchis-move = Move the token from { $from } to { $to ->
        [goal] the goal
        [home] home
       *[other] { $to }
    } with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# $from (a track cell), $to (a corridor cell), $by.
choice-parchis-corridor = Move the token from { $from } into your corridor, to { $to }, with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# $from, $by.
choice-parchis-goal = Bring the token from { $from } into the goal with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    }

# Cession: a partner's token moves with the ceded die or the passed bonus. $colour (the token's), $from, $to, $by.
choice-parchis-partner = Move { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s token from { $from } to { $to ->
        [goal] the goal
        [home] home
       *[other] { $to }
    } with { $by ->
        [sum] the sum of the dice
        [10] the bonus of 10
        [20] the bonus of 20
       *[other] the { $by }
    } (ceded)

# The exchange: $card goes face down to the player on the left.
choice-cartas-pass = Pass { card-the } to the player on your left

# $card (ace, king or joker), $named.
choice-cartas-out = Bring a token out onto your start with { card-played-the }

# $card, $named, $from, $to, $steps.
choice-cartas-move = Move the token from { $from } to { $to } with { card-played-the }

# $card, $named, $from, $to (a corridor cell), $steps.
choice-cartas-move-corridor = Move the token from { $from } into your corridor, to { $to }, with { card-played-the }

# The 4 backward: $card, $named, $from, $to.
choice-cartas-back = Move the token from { $from } 4 back to { $to } with { card-played-the }

# $card, $named, $shares (choice-cartas-seven-share messages, listed with list-and).
choice-cartas-seven = Split { card-played-the }: { $shares }

# One share of a 7: $from, $steps, $corridor (true when it turns into the corridor).
choice-cartas-seven-share = { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } for the token on { $from }{ $corridor ->
        [true] , into the corridor
       *[false] { "" }
    }

# The J: $card, $named, $own (your token's cell), $other.
choice-cartas-swap = Swap your token on { $own } with the token on { $other } using { card-played-the }

# $card, $named.
choice-cartas-swap_own = Swap two of your own tokens with { card-played-the } (nothing moves)

# The 2 (or a joker as a 2): $card, $named, $from (the seat robbed).
choice-cartas-steal = Take a random card from { $from ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } with { card-played-the }


## The board picture's labels (core/src/picture: the SVG the app shows)

# $colour.
board-to-roll = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } to roll

# $colour.
board-to-play = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } to play

# Parchís: $colour, $seat.
board-to-play-seat = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } to play (seat { $seat })

# $colour.
board-turn-of = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }'s turn

# $roll.
board-rolled = rolled { $roll }

# $die.
board-die-left = { $die } left

board-dice-used = dice used

board-plus-ten-to-walk = +10 to walk

# $amount, $colour.
board-bonus-for = bonus { $amount } for { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }

# $mode (individual, two-player, two-colours or pairs).
board-mode = { $mode ->
       *[individual] individual mode
        [two-player] two-player mode
        [two-colours] two-colours mode
        [pairs] pairs mode
    }

# $colour, $partner.
board-partners = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } with { $partner ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    }

# $count.
board-doubles = doubles in a row: { $count }

# $colours (listed).
board-quiet = quiet: { $colours }

# $colour.
board-game-over-wins = Game over: { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } wins

# $winners (listed), $count.
board-game-over-win = Game over: { $winners } { $count ->
        [one] wins
       *[other] win
    }

# $winners (listed).
board-game-over-special = Game over: special victory for { $winners }

# Cartas: $seat.
board-game-over-seat-wins = Game over: { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat }) wins

# $colour.
board-every-token-home = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } brought every token home

# $colour (who scored), $winners (the quiet, listed), $count.
board-scored-while-quiet = { $colour ->
        [yellow] Yellow
        [blue] Blue
        [red] Red
       *[green] Green
    } scored while { $winners } { $count ->
        [one] had never moved
       *[other] had never moved
    }

# $board (classic or express), $config (the variant text).
board-title-poleana = Poleana { $board ->
       *[classic] classic
        [express] Express
    } · { $config } · ★ safe · ⚠ police

# $config.
board-title-parchis = Parchís · { $config } · ★ safe

# $config, $cards (the deck's size).
board-title-cartas = Cartas · { $config } ({ $cards } cards)

board-cartas-key = octagon: blocks its start · clockwise

board-last-move = last move:

board-from = from

board-to = to

board-not-playing = not playing

# Poleana: $count tokens at start.
board-start-count = start { $count }

# $count.
board-limbo-count = limbo { $count }

# Parchís: $home, $goal (tokens).
board-home-goal = home { $home } · goal { $goal }

# Cartas: $seat.
board-seat = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } · seat { $seat }

board-you = you

# $count.
board-home-count = home { $count }

# $count, $total.
board-corridor-count = corridor { $count } of { $total }

board-leads = leads the round

# $count.
board-your-hand = your hand ({ $count })

# $count.
board-hand-hidden = { $count ->
        [0] no cards
        [one] 1 card, face down
       *[other] { $count } cards, face down
    }

# What a Cartas seat is doing, on its panel.
board-note-wins = wins

board-note-next-card = next card

board-note-to-pass = to pass

board-note-to-play = to play

board-note-robbed = robbed

board-note-steals = steals

# $gave, $got (card letters).
board-gave-got = gave { $gave }, got { $got }

# $gave.
board-gave = gave { $gave }

# $got.
board-got = got { $got }

board-passed-a-card = passed a card

# The caption's exchange: $gave, $received (card letters).
board-gave-received = gave { $gave }, received { $received }

# $received.
board-received = received { $received }

# $round (the round's number, from 1).
board-round = Round { $round }

# $cards.
board-cards-each = { $cards } cards each

board-stage-deal = deal

board-stage-exchange = exchange

board-stage-play = play

# $seat.
board-next-card-to = next card to { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat })

# $seat.
board-seat-to-pass = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat }) to pass a card

# $seat.
board-seat-to-play = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat }) to play

# $seat, $victim.
board-steals-from = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat }) steals from { $victim ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $victim })

# $seat.
board-seen-by = seen by { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $seat })

# $seat.
board-all-in-corridor = { $seat ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } brought all four tokens into its corridor

# $thief, $victim (seats), $card (the card's letter, or hidden when the view hides it).
board-theft = theft: { $thief ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $thief }) took { $card ->
        [hidden] a card
       *[other] { $card }
    } from { $victim ->
        [0] Yellow
        [1] Blue
        [2] Red
       *[3] Green
    } (seat { $victim })

board-pile = pile

board-discards = discards


## Why a Cartas hand folded (examples/play.rs)

fold-why-timeout = you ran out of time

fold-why-all-home = all four of your tokens are at home, and only an ace, a king or a joker brings one out

fold-why-corridor-only = your tokens out are all in your corridor, where a token walks only forward, by the exact count, never past another

fold-why-no-walk = no walk fits: a token may not pass a token blocking its start, nor land on one of your own tokens or on a blocking one, nor walk past the end of your corridor

fold-why-start-taken = no token can come out: one of your own stands on your start

fold-why-jack = a jack finds no swap: it needs a token of yours on the track and another token there, neither blocking its start

fold-why-two = a 2 finds no other seat holding a card to take

# $reasons (fold-why-* messages joined with "; ").
fold-why = Why: { $reasons }


## The browser app (web/src)

# index.html
app-title = { -fichas } · Poleana, Parchís, Cartas

app-description = Play Poleana, Parchís and Cartas against bots or online.

app-tagline = Poleana · Parchís · Cartas

app-loading = Loading the game engine…

app-needs-js = { -fichas } needs JavaScript and WebAssembly.

# app.js. $reason.
app-engine-failed = The game engine could not load: { $reason }

app-usage-seat = seat= is a seat number: 0, 1, 2 or 3

app-usage-seed = seed= is a whole number from 0 to 2^40

# setup.js
app-new-game = New game

app-game = Game

app-seats = Seats

app-seed = Seed (optional: the same seed, the same dice)

app-seed-placeholder = random

app-play = Play

app-play-online = Play online

app-online-intro = On a { -fichas } game server (fichas-server): create a room and share its seats' links.

app-server = Server

app-open-lobby = Open the lobby

# Who sits at a seat.
app-who-human = Person

app-who-easy = Easy bot

app-who-medium = Medium bot

app-who-hard = Hard bot

app-who-expert = Expert bot

# $seat (number), $name (the seat's colours, formatted).
app-seat-label = Seat { $seat } · { $name }

# A seat the variant does not name: $seat.
app-seat-fallback = seat { $seat }

# ui.js, a variant's title. $count.
app-players = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }

app-board = The board

app-your-moves = Your moves

app-hint = Hint

app-dice = Dice

app-dice-history = Dice history

# $count.
app-dice-count = Dice ({ $count })

app-last-moves = Last moves

app-on-turn = ◀ on turn

# Before the captured colour's chip.
app-captures = captures

# $card (the card's letter).
app-card-row = card { $card }

# $label (the hinted move).
app-hint-line = Hint: { $label }

# $reason.
app-no-hint = No hint: { $reason }

# $count.
app-seconds-left = { $count ->
        [one] 1 s left for this turn
       *[other] { $count } s left for this turn
    }

# $name (a seat's name).
app-winner = { $name } wins!

# $names (listed with list-and).
app-winners = { $names } win!

app-nobody-wins = Nobody wins!

app-well-played = Well played!

# A seat's role.
app-role-you = you

app-role-person = person

# $level (easy, medium, hard or expert).
app-role-bot = { $level ->
        [easy] easy bot
        [medium] medium bot
        [hard] hard bot
        [expert] expert bot
       *[other] { $level } bot
    }

# $seat.
app-role-seat = seat { $seat }

# offline.js. $variant, $seats (the variant's), $count (named in seats=), $example.
app-seats-mismatch = { $variant } has { $seats } seats, and seats= names { $count }: one per seat, e.g. seats={ $example }

app-cartas-one-person = Cartas at one screen takes one person (the others' hands are hidden): make the other seats bots, or play online, each person on their own screen

# $seed.
app-seed-footer = Seed { $seed }: the same seed and seats give the same game.

app-status-your-roll = Your roll

app-status-your-move = Your move

# $name.
app-status-name-roll = { $name }: roll

# $name.
app-status-name-move = { $name }: move

# $name, $level.
app-status-bot-rolls = { $name } ({ $level ->
        [easy] easy bot
        [medium] medium bot
        [hard] hard bot
        [expert] expert bot
       *[other] { $level } bot
    }) rolls

# $name, $level.
app-status-bot-thinking = { $name } ({ $level ->
        [easy] easy bot
        [medium] medium bot
        [hard] hard bot
        [expert] expert bot
       *[other] { $level } bot
    }) is thinking…

app-play-again = Play again

app-setup = Set-up

app-save-record = Save the record

# online.js. $server, $reason.
app-cannot-connect = Cannot connect to { $server }: { $reason }

# $server.
app-cannot-reach-server = Cannot reach the server at { $server }

app-dice-verifiable = verifiable (checked at the end)

app-dice-system = the server's generator

app-no-limit = no limit

# $count.
app-limit-seconds = { $count } s

# $count.
app-limit-minutes = { $count } min

app-create-room = Create a room

# $server.
app-server-line = Server: { $server }

app-turn-time = Time for a turn

# $type.
app-server-answered = The server answered { $type }

app-copy = Copy

app-copied = Copied

app-copy-failed = Select the link to copy it

# $table.
app-room = Room { $table }

# $variant (its title).
app-room-intro = { $variant }. Send each player the link of their seat; the game starts when every seat has joined.

# $commitment.
app-dice-commitment = Dice commitment: { $commitment }

# $server.
app-connecting = Connecting to { $server }…

app-other-tab = This seat was opened in another tab or window: play it there, or reload to take it back.

# $count (seconds).
app-connection-lost = Connection lost; trying again in { $count } s…

# $url, $count.
app-cannot-reach-retry = Cannot reach { $url }; trying again in { $count } s…

# $reason.
app-table-closed = The server closed this table: { $reason }

# $seat, $reason.
app-seat-taken = Seat { $seat } is taken, and this browser holds no token for it. { $reason }

app-not-connected = Not connected: the move was not sent.

# $table, $server, $seat, $dice.
app-online-footer = Room { $table } on { $server } · seat { $seat } · dice: { $dice }

app-waiting-join = Waiting for every seat to join…

app-dealing = Dealing…

# $name, $seat.
app-waiting-for = Waiting for { $name } (seat { $seat })

# $head, $step.
app-verify-head = The server sent the head { $head } at step { $step }, and the record's chain does not pass through it

# $commitment.
app-verify-commitment = The record's dice commitment is not the one the server published ({ $commitment })

# $count, $game.
app-verified-dice = Record and dice verified: { $count } { $game ->
        [cartas] cards
       *[other] rolls
    } checked.

# $dice (a dice-source-* name).
app-verified-record = Record verified (the dice were { $dice }: nothing to check them against).

# $reason.
app-check-failed = The game does not check out: { $reason }

app-new-room = New room

# bots.js. $reason.
app-worker-failed = The bots' worker failed: { $reason }

app-worker-not-loaded = it could not load

# The game screen's taps (web/src/ui.js): the chooser beside a tapped token, the hand, the settings.
app-chooser = Choices for the tapped token
app-chooser-pick = Choose one:
app-chooser-more = Choose one, or tap another marked token:
# The buttons of the dice and bonuses, to choose one before a token: the sum; $amount (10, 20).
app-count-sum = the sum
app-count-bonus = bonus { $amount }
app-cancel = Cancel
app-hand = Your cards
app-card = { card-the }
app-token-cannot-move = That token cannot move now: tap a marked one.
app-previewing = A preview: the board after this move, not yet played.
app-speed = Speed
app-speed-slow = slow
app-speed-normal = normal
app-speed-fast = fast
app-speed-off = no animation
app-auto = Play a lone roll or move by itself
app-language = Language

## How to play (the app's "Cómo se juega" / "How to play" panel)

# The panel's title; each game's paragraphs are how-<game>-1, how-<game>-2, … in order, the same count in every language.

app-how-to-play = How to play

how-poleana-1 = Poleana is for two to four players, each with four tokens waiting at start. A token walks a full lap of the perimeter and comes back along its own side, where its corner leads into its house: six cells and then the goal, which needs the exact count. You win with all four tokens on your goal.

how-poleana-2 = On your turn roll the two dice, then tap one of the moves offered. You may move one token with one die and another token with the other die, or a single token with the sum, but never the same token with both dice one after the other. A double earns another roll; a third double in a row is an infraction and ends your turn at once.

how-poleana-3 = A token leaves start only with a release roll, and a release uses the whole roll: 5+1, 4+2 or 3+3 bring one token onto your cell 0, 6+3 brings one onto your cell 3, and 6+6 brings two onto your 0. With a single token left at start, a 6+6 releases it with one 6 and leaves you the other 6 to move.

how-poleana-4 = Landing on a lone rival captures it: it goes back to its start, and your token must at once walk 10 more (the +10). If those 10 end on another rival, it captures again and walks another 10; if no route can take the full 10, it stays where it captured. Your cells 0, 3 and 9 are safe: while your token sits on one, no rival can land there.

how-poleana-5 = Two tokens of one colour on a perimeter cell make a block: nobody can pass it or land on it, its owner included. With a double, a block may move as one and capture a rival block whole. On the way home, as you cross your 14, you may take your bridge: seven cells down to your 4, a longer route where nobody is captured or jumped over.

how-poleana-6 = With fewer than four players, cells 0 to 8 of each missing colour are police cells. If a rival stands on one whose number your roll shows (either die or the sum, and the 0 with a release roll), you may call the police first: that rival goes back to start, and your whole roll is still yours to play. Moves are owed in this order: calling the police, a release or rescue, a capture, any other move; when something is owed, assisted mode marks with ✓ the moves that keep the rules and with ✕ the others.

how-poleana-7 = Choosing a ✕ move is an infraction: your most advanced token goes back to start (with its block, if it is in one); with no token out, one at start drops into limbo, which it leaves only with a release roll, and until then nothing else of yours moves. Beware the quiet player: if a token reaches its goal while a rival has never brought a token out nor committed an infraction, that rival wins at once.

how-poleana-express-1 = Poleana Express is Poleana on a smaller board, for shorter games: each side has 13 cells, numbered 0 to 12, and each player has three tokens. You win with your three tokens on your goal.

how-poleana-express-2 = The corner moves from the 9 to the 8: your safe cells are 0, 3 and 8, and on the way home you step from your 7 straight into your house, which keeps its six cells and the goal.

how-poleana-express-3 = Your bridge leaves from your 12 and still comes down on your 4 after seven cells. With fewer than four players, the police cells of a missing colour are its 0 to 7.

how-poleana-express-4 = Everything else is as in classic Poleana: the dice, the release rolls, the owed moves, captures with their +10, blocks, infractions, limbo and the quiet player's victory.

how-parchis-1 = Each colour has four tokens at home. Bring them out onto your exit, round the track of 68 cells and up your corridor of seven cells to the goal, which needs the exact count. Turns go yellow, blue, red, green; the first colour with all four tokens at the goal wins (in pairs and in the two-colours game, the side with all eight).

how-parchis-2 = Roll the two dice and play each die on its own, in the order you like: two tokens, or one token twice. Choose a die, or a bonus, and the token it moves: tap one of the moves offered. A die that can be used must be used.

how-parchis-3 = A 5 brings a token out onto your exit, and a 5 that can do so must (you may play the other die first). Instead, a 3+2 or a 4+1 may be added up to bring one token out, using both dice. Once all four tokens of a colour have left home, each 6 walks 7.

how-parchis-4 = Landing on a lone rival on a white cell captures it: it goes back home. Safe cells, marked with a star and the exits among them, are shared without captures. Two tokens of one colour on a safe cell make a barrier that nobody can pass, its owner included; on a white cell such a pair can be passed, but nobody lands there or captures it. Coming out onto your exit when two tokens already stand there captures the rival among them.

how-parchis-5 = Bonuses: every capture earns a move of 20 and every token that reaches the goal a move of 10. It is one move, never split, by one of that colour's tokens outside home, played before anything else; if none can use it, it goes to the partner if there is one, or is lost. A bonus move that captures or reaches the goal earns its own bonus.

how-parchis-6 = A double earns another roll, twice at most. On a double, if you have a barrier you must open one with the first die you use, when some move allows it. The third double in a row is not played: the last token you moved goes back home, unless it is in its corridor or at the goal, and the turn ends.

how-parchis-7 = In pairs (yellow and red against blue and green) and in the two-colours game, when none of your dice can move your own tokens, they pass to your partner colour (your partner's, or in the two-colours game your other one), which must use them if it can: that is a cession. Partners share safe cells, but they can capture each other on white cells.

how-cartas-1 = Four players, each on their own, each with four tokens at home. Instead of dice you play cards. The first player to have all four tokens in their corridor, the four cells that branch off their start cell, wins.

how-cartas-2 = Rounds deal 6, 5, 4 and 3 cards to each player, then 6 again. First each player passes one card face down to the player on their left; then, in turn, each plays one card. If none of your cards can be used, your whole hand is discarded and you wait for the next round.

how-cartas-3 = An ace or a king brings a token out onto your start cell; otherwise the ace walks 1 or 11 and the king 13. The queen walks 12, and the 3, 5, 6, 8, 9 and 10 walk exactly that many. The 4 walks 4 forward or 4 back. The 2 walks 2, or takes a random card from the hand of a player you name.

how-cartas-4 = The 7 is split among your own tokens: seven steps in all, shared as you like, and no share may pass one of your own tokens. The jack swaps one of your tokens on the track with any other token on the track, but not one at home, in a corridor or blocking its start. The joker is played as any card you choose.

how-cartas-5 = A token just brought out blocks its start cell: nobody can pass it, land on it, capture it or swap it, you included, until it moves. Landing on a rival captures it and sends it home; you may pass other tokens, but not a blocking one, and you can never land on your own.

how-cartas-6 = Walking forward across its own start cell, a token that has left it may turn into its corridor instead of going round again, and walks up it by the exact count, safe from everything. The short way home: take a token just brought out 4 back with a 4, then walk it forward into its corridor.
