### fichas: el catálogo en español (es), neutro mexicano, de tú.
### Mismos mensajes y mismos argumentos que en inglés: ver ../README.md.

## Terms

# The project's name, as the app writes it.
-fichas = fichas

## Names: colours, cards, games, modes, options, bot levels, dice, places, lists

# A colour, as the name of the side (or Cartas seat) that plays it.
colour-yellow = Amarillo

colour-blue = Azul

colour-red = Rojo

colour-green = Verde

# A card's name, by the letter the notation writes: `A`.
card-name-ace = as

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
card-name-jack = jota

# A card's name, by the letter the notation writes: `Q`.
card-name-queen = reina

# A card's name, by the letter the notation writes: `K`.
card-name-king = rey

# A card's name, by the letter the notation writes: `*`.
card-name-joker = comodín

# Helper: $card (a card name such as ace, seven, joker; hidden for a card the event hides) with its indefinite article.
card-a = { $card ->
        [ace] un as
        [two] un 2
        [three] un 3
        [four] un 4
        [five] un 5
        [six] un 6
        [seven] un 7
        [eight] un 8
        [nine] un 9
        [ten] un 10
        [jack] una jota
        [queen] una reina
        [king] un rey
        [joker] un comodín
       *[hidden] una carta
    }

# Helper: $card with its definite article.
card-the = { $card ->
        [ace] el as
        [two] el 2
        [three] el 3
        [four] el 4
        [five] el 5
        [six] el 6
        [seven] el 7
        [eight] el 8
        [nine] el 9
        [ten] el 10
        [jack] la jota
        [queen] la reina
        [king] el rey
        [joker] el comodín
       *[hidden] la carta
    }

# Helper: what a joker is played as, from $named (a card name).
card-as-named = { $named ->
        [ace] como as
        [two] como 2
        [three] como 3
        [four] como 4
        [five] como 5
        [six] como 6
        [seven] como 7
        [eight] como 8
        [nine] como 9
        [ten] como 10
        [jack] como jota
        [queen] como reina
        [king] como rey
       *[joker] como comodín
    }

# Helper: the card spent, $card, and for a joker what it is played as, $named.
card-played-a = { $card ->
        [joker] un comodín { card-as-named }
       *[other] { card-a }
    }

# Helper: as card-played-a, with the definite article.
card-played-the = { $card ->
        [joker] el comodín { card-as-named }
       *[other] { card-the }
    }

# The games, as variant texts begin.
game-poleana = Poleana

game-poleana-express = Poleana Express

game-parchis = Parchís

game-cartas = Cartas

# Poleana's modes (`poleana:…:strict`).
mode-poleana-strict = estricto

mode-poleana-assisted = asistido

mode-poleana-free = libre

# Parchís' modes (`parchis:pairs`).
mode-parchis-individual = individual

mode-parchis-two-player = dos jugadores

mode-parchis-two-colours = dos colores

mode-parchis-pairs = parejas

# Variant option `:2`, `:3`, `:4`. $count: the number of players.
option-players = { $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }

# Variant option `:YBG`. $colours: the colours, already listed (list-and).
option-colours = colores { $colours }

# Variant option `:first=B`.
option-first = empieza { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# Poleana option `:open-bridges`.
option-open-bridges = puentes abiertos a todos

# Poleana option `:no-tapon-captures`.
option-no-tapon-captures = sin tapón come tapón

# Cartas option `:sets=N`.
option-sets = { $count ->
        [one] 1 baraja de 52 cartas
       *[other] { $count } barajas de 52 cartas
    }

# Cartas option `:jokers=N`.
option-jokers = { $count ->
        [0] sin comodines
        [one] 1 comodín
       *[other] { $count } comodines
    }

# Cartas option `:deck=…`.
option-deck = baraja a medida

# A bot's strength (`--opponents`, the app's seat choices).
level-random = al azar

level-greedy = codicioso

level-search = de búsqueda

level-easy = fácil

level-medium = medio

level-hard = difícil

level-expert = experto

# A table's dice source (`verifiable`, `system`, `host`).
dice-source-verifiable = verificables

dice-source-system = el generador del servidor

dice-source-host = del anfitrión

# Poleana: where tokens wait to come out.
place-start = salida

# Parchís and Cartas: where tokens wait to come out.
place-home = casa

place-goal = meta

# Poleana: where a penalty drops a token when none is on the board.
place-limbo = submundo

# Poleana's shortcut across a corner.
place-bridge = puente

# Poleana's own cells 1c to 6c before the goal 7c.
place-house = casa

# Parchís and Cartas: a colour's own cells before its goal.
place-corridor = pasillo

place-track = pista

# Poleana's track.
place-perimeter = perímetro

# Parchís: the cell a token comes out onto.
place-exit = casilla de salida

# Cartas: the cell a token comes out onto, where it blocks.
place-start-cell = casilla de salida

place-cell = casilla

place-safe = seguro

place-police = casilla policía

# Two tokens of a colour that nobody passes.
place-barrier = barrera

# Poleana: two tokens of a colour on one perimeter cell.
place-tapon = tapón

place-pile = mazo

place-discards = descartes

# $count: how many.
word-token = { $count ->
        [one] ficha
       *[other] fichas
    }

# $count: how many.
word-card = { $count ->
        [one] carta
       *[other] cartas
    }

word-roll = tirada

word-die = dado

word-dice = dados

word-bonus = premio

word-infraction = infracción

word-cession = cesión

word-partner = compañero

word-turn = turno

word-round = ronda

word-seat = asiento

word-special-victory = victoria especial

# A list of names: $items are all but the last, joined with list-comma; $last the last one.
list-and = { $items } y { $last }

# What joins the items of a list before the last.
list-comma = { ", " }


## Events: Poleana (core/src/poleana/event.rs; also Poleana Express)

# $colour, $roll (as `6-3`).
event-poleana-rolled = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } tira { $roll }

# $colour (the token swept), $from (its police cell).
event-poleana-swept = La policía manda a su salida la ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } en la { $from }

# $colour, $to (own 0, or own 3 for a 6+3), $count (1, or 2 on a 6+6).
event-poleana-released = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } saca { $count ->
        [one] una ficha
       *[other] { $count } fichas
    } a la { $to }

# $colour, $to (own 0).
event-poleana-rescued = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } rescata una ficha del submundo a la { $to }

# $colour, $from, $to, $steps, $route (perimeter or bridge), $plus_ten (true or false).
event-poleana-moved = La ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } avanza { $plus_ten ->
        [true] el +10 de su captura,
       *[false] { $steps }
    } de la { $from } a la { $to }{ $route ->
        [bridge] { " " }por el puente
       *[perimeter] { "" }
    }

# $colour, $from, $to, $steps, $plus_ten (true or false).
event-poleana-tapon_moved = El tapón de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } avanza { $plus_ten ->
        [true] el +10 de su captura,
       *[false] { $steps }
    } de la { $from } a la { $to }, las dos fichas juntas

# $by (the colour that captured), $victim, $at (named for the victim), $count (1, or a whole tapón).
event-poleana-captured = { $by ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } come { $count ->
        [one] la ficha de { $victim ->
            [yellow] Amarillo
            [blue] Azul
            [red] Rojo
           *[green] Verde
        } en la { $at }: vuelve a su salida
       *[other] el tapón de { $victim ->
            [yellow] Amarillo
            [blue] Azul
            [red] Rojo
           *[green] Verde
        } ({ $count } fichas) en la { $at }: vuelven a su salida
    }

# $colour, $at (where the token stays).
event-poleana-plus_ten_lost = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no puede avanzar su +10: la ficha se queda en la { $at }

# $colour.
event-poleana-scored = Una ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } llega a la meta

# $colour, $cause (priority, third_double or timeout).
event-poleana-infraction = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } comete una infracción: { $cause ->
       *[priority] había una jugada de mayor prioridad
        [third_double] tercer doble seguido
        [timeout] se le acabó el tiempo
    }

# $colour, $from (its most advanced token's cell), $count (1, or a whole tapón).
event-poleana-sent_home = La penalización manda a la salida { $count ->
        [one] la ficha
       *[other] el tapón ({ $count } fichas)
    } de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } en la { $from }

# $colour.
event-poleana-to_limbo = La penalización baja una ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } de la salida al submundo

# $colour, $roll.
event-poleana-passed = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no puede usar la tirada { $roll }: pasa sin castigo

# $colour, $die.
event-poleana-die_lost = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no puede usar el { $die } que le queda: se pierde

# $colour.
event-poleana-extra_roll = Dobles: { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } vuelve a tirar

# $to: the colour whose turn it is now.
event-poleana-turn_passed = Turno de { $to ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# outcome `standard`: $winner, the colour that won.
event-poleana-game_over = { $winner ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } lleva todas sus fichas a la meta y gana

# outcome `special`: $winners (the quiet colours, listed with list-and), $count (how many).
event-poleana-game_over-special = Victoria especial: una ficha llegó a la meta mientras { $winners } { $count ->
        [one] nunca había sacado ficha ni cometido infracción: gana ese jugador quieto
       *[other] nunca habían sacado ficha ni cometido infracción: ganan esos jugadores quietos
    }


## Events: Parchís (core/src/parchis/event.rs)

# $colour, $roll.
event-parchis-rolled = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } tira { $roll }

# $colour, $to (its exit cell), $by (5, or sum).
event-parchis-exited = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } saca una ficha de casa a la { $to } con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# $colour (a partner's, for ceded dice or a passed bonus), $from, $to, $steps (a 6 may walk 7), $by (a die 1 to 6, 10 or 20).
event-parchis-moved = La ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } avanza { $steps } de { $from ->
        [goal] la meta
        [home] casa
       *[other] la { $from }
    } a { $to ->
        [goal] la meta
        [home] casa
       *[other] la { $to }
    } con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# $by (the capturing colour), $victim, $at.
event-parchis-captured = { $by ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } come una ficha de { $victim ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } en la { $at }: vuelve a casa

# $colour, $amount (20 for a capture, 10 for reaching the goal).
event-parchis-bonus_earned = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } gana un premio de { $amount } { $amount ->
        [20] por la captura
       *[other] por llegar a la meta
    }

# $colour, $amount.
event-parchis-bonus_lost = El premio de { $amount } de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no tiene uso y se pierde

# $colour.
event-parchis-scored = Una ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } llega a la meta

# Cession: $from (the roller), $to (the partner colour that now decides the dice).
event-parchis-ceded = Cesión: { $from ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no puede usar los dados y los aprovecha { $to ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }, su compañero

# $colour, $dice (the dice left, as `5-3` or `5`), $count (how many: 1 or 2).
event-parchis-dice_lost = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no puede usar { $count ->
        [one] el { $dice }: se pierde
       *[other] los dados { $dice }: se pierden
    }

# $colour.
event-parchis-third_double = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } saca el tercer doble seguido: no se juega

# $colour, $from.
event-parchis-sent_home = El tercer doble devuelve a casa la ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } en la { $from }

# $colour.
event-parchis-timed_out = A { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } se le acaba el tiempo

# $colour.
event-parchis-extra_roll = Dobles: { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } vuelve a tirar

# $to.
event-parchis-turn_passed = Turno de { $to ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# outcome.winners: $winners (listed with list-and), $count (1, or 2 for a side).
event-parchis-game_over = { $count ->
        [one] { $winners } lleva todas sus fichas a la meta y gana
       *[other] { $winners } llevan todas sus fichas a la meta y ganan juntos
    }


## Events: Cartas (core/src/cartas/event.rs). Seats are numbers 0 to 3, named by their tokens' colour.

# $round (rounds played before this one), $first (seat), $cards (each seat's deal: 6, 5, 4 or 3).
event-cartas-round_started = Termina la ronda { $round }; en la siguiente se reparten { $cards } cartas a cada quien y empieza { $first ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# $cards: how many discards.
event-cartas-reshuffled = { $cards ->
        [one] El descarte vuelve al mazo
       *[other] Los { $cards } descartes se barajan de vuelta en el mazo
    }

# $to (seat), $card (hidden unless dealt to the viewer).
event-cartas-dealt = { $to ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } recibe { card-a }

# $seat (passing to the seat on its left), $card (hidden to the others).
event-cartas-chose = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } deja { card-a } boca abajo para el jugador de su izquierda

# $seat, $from (the seat on its right), $card (hidden to the others).
event-cartas-received = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } recibe { card-a } de { $from ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# $seat, $action (the notation after the card's colon: `21+8`, `steal1`), $card (the card spent), $named (what a joker is played as; else the card).
event-cartas-played = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } juega { card-played-a }: { $action }

# $seat, $cell (its start cell: 0, 16, 32 or 48).
event-cartas-brought_out = Una ficha de { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } sale a la { $cell }, su casilla de salida, donde hace barrera

# $seat, $from, $to (track cells 0 to 63, or c1 to c4 of the owner's corridor).
event-cartas-moved = La ficha de { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } pasa de la { $from } a la { $to }

# $seat (the owner of the token captured), $cell, $by (the seat that captured).
event-cartas-captured = { $by ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } come la ficha de { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } en la { $cell }: vuelve a casa

# $seat (who played the swap), $cell, $with (the other token's owner), $other.
event-cartas-swapped = La ficha de { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } en la { $cell } y la de { $with ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } en la { $other } cambian de lugar

# $thief, $victim (seats), $card (hidden to the others).
event-cartas-stole = { $thief ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } le roba { card-a } a { $victim ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# $seat.
event-cartas-timed_out = A { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } se le acaba el tiempo

# $seat, $cards (the hand laid face up, as letters such as `38TT`).
event-cartas-folded = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } no puede jugar: descarta su mano ({ $cards }) boca arriba y espera a la siguiente ronda

# $to.
event-cartas-turn_passed = Turno de { $to ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# outcome.winner: $winner (a seat).
event-cartas-won = { $winner ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } mete sus cuatro fichas en el pasillo de meta y gana


## Errors: a move or outcome refused (core/src/phase.rs PlayError)

error-play-game_over = La partida ya terminó

error-play-chance_pending = Hay un azar pendiente (una tirada o una carta): su resultado va antes de decidir

error-play-not_chance = No hay azar pendiente: le toca decidir a un jugador

# $action (the notation), $reason (an illegal-* message, formatted).
error-play-illegal = «{ $action }» no es legal aquí: { $reason }

# $outcome (the notation).
error-play-bad_outcome = «{ $outcome }» no es un resultado posible de este azar


## Why an action is illegal: the $reason of error-play-illegal and error-table-illegal

illegal-other_game = es una jugada de otro juego

illegal-host_timeout = el tiempo agotado lo anuncia el anfitrión: no es una jugada

# The action is written `action id N`.
illegal-unknown_id = ninguna jugada de este juego tiene ese número

# Poleana and Parchís.
illegal-does_not_apply = no aplica aquí

illegal-poleana-no_token_there = no tienes ahí una ficha que pueda moverse ahora

illegal-poleana-no_tapon_there = no tienes un tapón en esa casilla

illegal-poleana-no_plus_ten = no hay un +10 esperando ruta

illegal-poleana-plus_ten_first = primero hay que elegir la ruta del +10 pendiente

illegal-poleana-priority = el modo estricto solo permite la mayor prioridad presente (policía, liberar, comer, mover)

illegal-poleana-maximum_advance = avance máximo: otra jugada de la misma prioridad permite usar el tiro completo

illegal-poleana-no_sweep = la tirada no expone a ningún rival en una casilla policía, o la policía ya no es la primera jugada

illegal-poleana-no_release = liberar pide un combo liberador, una ficha en salida, ninguna en el submundo y ningún tapón rival en la casilla de llegada

illegal-poleana-no_rescue = rescatar pide un combo liberador, una ficha en el submundo y ningún tapón rival en tu casilla 0

illegal-poleana-no_tapon_move = un tapón solo avanza entero con un doble, lo que marca un dado, a una casilla vacía o a un tapón rival

illegal-poleana-no_such_number = la tirada no ofrece ese número

illegal-poleana-limbo_first = mientras haya una ficha en el submundo no se mueve nada más

illegal-poleana-blocked = la ficha no puede llegar ahí: está bloqueada, se pasa de la meta, cae donde no puede o no hay puente en el camino

illegal-poleana-plus_ten_route = por esa ruta no caben los 10 completos

illegal-parchis-bonus_first = primero hay que jugar el premio pendiente

illegal-parchis-no_such_count = la tirada no ofrece esa cuenta

illegal-parchis-no_token_there = el color que mueve no tiene ficha ahí

illegal-parchis-exit_closed = la casilla de salida está cerrada, o la suma no es un 3+2 o 4+1 del que tira

illegal-parchis-exit_needs_five = solo un 5, o la suma 3+2 / 4+1, saca una ficha

illegal-parchis-five_must_exit = un 5 que puede sacar ficha debe sacarla

illegal-parchis-open_barrier = con un doble, el primer dado debe abrir una barrera, o la jugada está bloqueada

illegal-parchis-not_this_colour = no es el turno de este color

illegal-parchis-blocked = la ficha no puede llegar ahí: hay una barrera en el camino, se pasa de la meta o la casilla está llena

illegal-cartas-bad_use = esa carta no se puede usar así

illegal-cartas-no_card_to_pass = no tienes esa carta para pasarla

illegal-cartas-exchange_under_way = estamos en el intercambio: pasa una carta al jugador de tu izquierda

illegal-cartas-exchange_over = el intercambio ya terminó: juega una carta

illegal-cartas-no_such_card = no tienes esa carta

illegal-cartas-none_at_home = no tienes fichas en casa

illegal-cartas-start_taken = tu casilla de salida tiene una ficha tuya

illegal-cartas-no_token_there = no tienes ficha ahí

illegal-cartas-no_corridor_turn = esa ficha no puede entrar a su pasillo con esa cuenta: debe cruzar su propia salida, no estar haciendo barrera en ella y caer dentro del pasillo sin saltar una ficha

illegal-cartas-blocked = esa jugada está bloqueada: pasa una barrera, se pasa de largo o cae en una ficha tuya o en una barrera

illegal-cartas-share_no_token = una parte del reparto nombra una casilla sin ficha tuya

illegal-cartas-bad_seven = ese reparto del 7 no es legal: cada parte debe avanzar sin saltar tus fichas ni una barrera, y hay que usar los siete pasos

illegal-cartas-swap_own_notation = dos fichas tuyas se intercambian con la jugada J:own (o *:own)

illegal-cartas-bad_swap = un cambio pide una ficha tuya y otra ficha en la pista, ninguna en casa, en un pasillo ni haciendo barrera en su salida

illegal-cartas-bad_swap_own = necesitas dos fichas tuyas en la pista, sin hacer barrera, para intercambiarlas

illegal-cartas-steal_self = no puedes robarte una carta a ti mismo

illegal-cartas-nothing_to_steal = ese jugador no tiene cartas que robar

# The table's own reasons (core/src/table/mod.rs).
illegal-table-whitespace = una jugada es solo su notación, sin espacios alrededor

illegal-table-no_roll_due = no toca tirar: elige una jugada

illegal-table-roll_first = primero tira los dados

# A table move that is no text of the game's notation.
illegal-unreadable = no se entiende como una jugada de este juego


## Errors: a table's refusals (core/src/table/mod.rs TableError, table/dice.rs DiceError)

# $seat (who sent the move), $to_act (the seat to act, or the text none).
error-table-not_your_turn = No es el turno del asiento { $seat }: { $to_act ->
        [none] ahora no le toca a nadie
       *[other] le toca al asiento { $to_act }
    }

# $sent, $current (steps).
error-table-stale = La jugada se hizo en el paso { $sent }, pero la mesa va en el paso { $current }: vuelve a mirar la posición

# $sent, $current.
error-table-ahead = La jugada nombra el paso { $sent }, al que la mesa no ha llegado: va en el paso { $current }

error-table-host_only = El tiempo agotado lo anuncia el anfitrión: ningún asiento puede pedirlo

# $action, $reason (an illegal-* message or a parse error, formatted), $legal (the legal moves, joined with list-comma), $count (how many).
error-table-illegal = «{ $action }» no es legal aquí: { $reason } (legales: { $count ->
        [0] ninguna
       *[other] { $legal }
    })

error-table-game_over = La partida ya terminó

# $seat, $seats (how many the table has).
error-table-no_such_seat = El asiento { $seat } no está en esta mesa de { $seats }

error-table-not_started = La mesa no ha empezado: el anfitrión la empieza cuando se unen los asientos

error-table-started = La mesa ya empezó: los asientos se unen y dan sus semillas antes del inicio

error-table-nobody_on_turn = No le toca a nadie: la mesa espera a que se saque una carta

# $reason: why the table's chance failed, when no error-table-dice-* message says it.
error-table-dice = { $reason }

# $source (a dice-source-* name).
error-table-dice-not_host = Los dados de la mesa son { $source }: el anfitrión no pone ninguno

error-table-dice-not_due = No toca ningún resultado: primero un asiento pide su tirada

# $reason (the operating system's words).
error-table-dice-entropy = Falló el generador seguro del sistema operativo: { $reason }

# $reason.
error-table-resume = El registro no se puede reanudar: { $reason }

# $source (a dice-source-* name).
error-dice-not_verifiable = Los dados del registro no son verificables (son { $source })

error-dice-no_table = El registro no se escribió en una mesa, así que sus dados no son verificables

error-dice-no_commitment = El registro no trae compromiso de dados

# $commitment (hexadecimal).
error-dice-wrong_secret = El secreto no corresponde al compromiso del registro { $commitment }

# $index, $recorded, $derived (notation, or none).
error-dice-differs = El paso { $index } registra { $recorded }, pero el secreto y las semillas dan { $derived ->
        [none] ningún resultado
       *[other] { $derived }
    }


## Errors: records (core/src/record.rs RecordError, ReplayError, ChainError)

# $index, $reason.
error-record-replay = El paso { $index } es ilegal: { $reason }

# $reason (the JSON reader's words).
error-record-json = El registro no es JSON válido del formato de registro: { $reason }

# $found, $supported.
error-record-newer_version = Este registro tiene la versión de formato { $found }, más nueva que la { $supported } que lee esta biblioteca

# $found, $supported.
error-record-unknown_version = Este registro tiene la versión de formato { $found }, que ninguna versión de esta biblioteca escribe (escribe la { $supported })

# $format.
error-record-format = Esto no es un registro de fichas (formato «{ $format }»)

# $reason.
error-record-variant = La variante del registro no es válida: { $reason }

# $reason.
error-record-start = La posición inicial del registro no es válida: { $reason }

# $index, $reason.
error-record-step = El paso { $index } no se puede leer: { $reason }

# $reason.
error-record-table = Los datos de mesa del registro no son válidos: { $reason }

# $index.
error-chain-missing = El paso { $index } no trae eslabón: el registro no es uno que esta biblioteca escribió como prueba

# $index.
error-chain-broken = El paso { $index } no coincide con su eslabón: el registro se cambió en el paso { $index } o justo antes

# $found, $expected (hexadecimal).
error-chain-head = La cadena del registro termina en { $found }, no en la cabeza { $expected } que se guardó: se cambiaron, añadieron o quitaron pasos, o el registro se cortó


## Errors: variants and configurations (each game's config.rs ConfigError, game.rs VariantError)

# $count.
error-config-poleana-players = La Poleana se juega con 2, 3 o 4 colores, no con { $count }

# $count.
error-config-parchis-players = El Parchís se juega con 2, 3 o 4 colores, no con { $count }

# $colour.
error-config-first_not_playing = Quien empieza debe ser uno de los colores en juego, y { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no juega

# $colours (listed with list-and).
error-config-not_opposite = El modo de dos jugadores usa dos colores opuestos (amarillo y rojo, o azul y verde), no { $colours }

# $mode (two-colours or pairs).
error-config-all_colours = El modo { $mode ->
        [two-colours] de dos colores
       *[pairs] por parejas
    } juega con los cuatro colores

# $count.
error-config-too_few_cards = Una baraja de { $count } cartas es muy chica: una ronda reparte hasta 24 (seis a cada uno de los cuatro jugadores)

# $count.
error-config-too_many_cards = Una baraja de { $count } cartas es muy grande: como máximo 255 cartas

error-config-no_ace_nor_joker = La baraja necesita al menos un as o un comodín: sacan fichas y dan los pasos sueltos que necesita un pasillo lleno

# $count.
error-config-sets = La baraja se forma con 1 a 4 barajas de 52 cartas, no con { $count }


## Errors: reading text (core/src/notation.rs ParseError, ConflictError, TextError)

# $what (the kind of thing read), $found (the text), $expected (what would do). $what and $expected are the engine's English words for now.
error-text-parse = No se puede leer { $what } de «{ $found }»: se espera { $expected }

# $what (the option), $first, $second (the parts that set it).
error-text-conflict = «{ $first }» y «{ $second }» fijan los dos { $what }: dalo una sola vez

# $field.
error-text-missing = La posición no tiene el campo «{ $field }»

# $field.
error-text-duplicate = El campo «{ $field }» aparece dos veces

# $field.
error-text-unknown_field = Campo desconocido «{ $field }»


## Errors: position texts (each game's position.rs PositionError)

# $reason (a formatted error-config-* message).
error-position-config = Configuración no válida: { $reason }

# $colour, $what (the engine's English words for what the position gives it).
error-position-not_playing = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } no está en juego, pero la posición { $what }

# $colour, $expected, $found.
error-position-poleana-token_count = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } debe tener { $expected } fichas, no { $found }

# $colour, $found.
error-position-parchis-token_count = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } debe tener 4 fichas, no { $found }

# $seat, $found.
error-position-cartas-token_count = El asiento { $seat } tiene { $found } fichas listadas, pero un asiento solo tiene 4

# $colour, $spot.
error-position-off_path = Una ficha { $colour ->
        [yellow] amarilla
        [blue] azul
        [red] roja
       *[green] verde
    } no puede estar en la { $spot }

# $spot.
error-position-crowded = La casilla { $spot } tiene fichas que las reglas nunca juntan ahí

# $colour.
error-position-quiet_moved = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } figura como quieto pero ya sacó una ficha

# $spot, $seat.
error-position-not_own_start = Solo una ficha en su propia salida hace barrera, y la { $spot } no es la salida del asiento { $seat }

# $found, $card (a card name), $deck.
error-position-too_many_cards = La posición tiene { $found } cartas de { $card }, pero la baraja solo tiene { $deck }

# $seat, $found, $max.
error-position-hand_size = El asiento { $seat } tiene { $found } cartas, pero en esta ronda una mano tiene como máximo { $max }

# $reason (the engine's English words).
error-position-inconsistent = La posición es incoherente: { $reason }


## Errors: the game server's refusals (fichas-server), by their error code

# $reason (the server's words).
error-server-BadRequest = El servidor no pudo leer la petición: { $reason }

# $seat.
error-server-SeatTaken = El asiento { $seat } ya está ocupado

error-server-BadToken = Este token no tiene asiento en esta mesa

# $table.
error-server-NoSuchTable = No hay una mesa abierta { $table }

error-server-TooManyTables = El servidor ya tiene todas las mesas esperando jugadores que admite

# $count (tables a minute).
error-server-RateLimited = Como máximo { $count } mesas por minuto por conexión

error-server-ServerError = El servidor falló y no se guardó nada: inténtalo de nuevo


## Bot hint reasons (core/src/bot/mod.rs Reason, by Reason::code)

reason-only = la única jugada legal

reason-wins = gana la partida

reason-sweeps = la policía manda rivales a su salida

# $victim (a colour; in Cartas the colour of the seat's number).
reason-captures = come una ficha { $victim ->
        [yellow] amarilla
        [blue] azul
        [red] roja
       *[green] verde
    }

reason-scores = lleva una ficha a la meta

reason-brings_out = saca una ficha nueva al juego

reason-rescues = rescata la ficha del submundo

reason-holds_back = se aguanta: llegar a la meta ahora le daría la victoria especial a un rival quieto

reason-escapes = pone a salvo una ficha amenazada

reason-blocks = forma un bloqueo (tapón o barrera)

# $victim (the colour of the seat robbed).
reason-steals = le roba una carta a { $victim ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

reason-swaps = cambia de lugar para adelantarse

reason-saves_cards = guarda las mejores cartas para después

reason-passes = pasa la carta que menos necesita

reason-advances = es la que más avanza


## Prompts, turns and outcomes

prompt-roll = Tira los dados

prompt-choose-die = Elige un dado o un premio

prompt-tap-token = Toca una ficha marcada

prompt-tap-card = Toca una carta

# Cartas' exchange.
prompt-pass-card = Elige una carta para pasarla al jugador de tu izquierda

# Poleana: where a move or the +10 goes.
prompt-choose-route = Elige la ruta

# No legal use: a dice roll passes, a Cartas hand is folded.
prompt-no-move = Sin jugada legal: pasas

# The button or word for passing.
prompt-pass = Pasar

# $colour.
turn-colour-to-roll = Tira { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $colour.
turn-colour-to-play = Juega { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# Cartas: $seat.
turn-seat-to-play = Juega { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# Cartas: $seat.
turn-seat-to-pass = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } pasa una carta

turn-your-roll = Te toca tirar

turn-your-move = Te toca jugar

# $colour.
outcome-colour-wins = Gana { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# Cartas: $seat.
outcome-seat-wins = Gana { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    }

# $winners (a side's two colours, listed with list-and).
outcome-win-together = { $winners } ganan juntos

# Poleana's special victory: $winners (the quiet colours, listed), $count.
outcome-special = Victoria especial: { $count ->
        [one] gana { $winners }, el jugador quieto
       *[other] ganan { $winners }, los jugadores quietos
    }

outcome-game-over = Fin de la partida

outcome-you-win = ¡Ganaste!

outcome-you-lose = Perdiste.

outcome-nobody = Nadie gana


## Choices: what a legal action does, for its button

# A host's choice: the seat to decide ran out of time.
choice-timeout = Se acaba el tiempo

choice-poleana-sweep = Llama a la policía: todo rival en una casilla policía que marque la tirada vuelve a su salida

# $to (the release cell: the colour's 0, or its 3 for a 6+3), $count (1, or 2 on a 6+6).
choice-poleana-release = { $count ->
        [one] Saca una ficha a la { $to }
       *[other] Saca { $count } fichas a la { $to }
    }

choice-poleana-rescue = Rescata la ficha del submundo a tu casilla 0

# $from, $to (the landing), $steps (a die or the sum).
choice-poleana-move = Mueve la ficha de la { $from } a la { $to } con el { $steps }

# $from, $to, $steps.
choice-poleana-move-bridge = Mueve la ficha de la { $from } por el puente a la { $to } con el { $steps }

# $from, $to, $steps (one face of the double).
choice-poleana-tapon = Mueve el tapón de la { $from } a la { $to }: las dos fichas con el { $steps }

# $to (the landing).
choice-poleana-plus_ten = Avanza el +10 por el perímetro hasta la { $to }

# $to.
choice-poleana-plus_ten-bridge = Avanza el +10 por el puente hasta la { $to }

# Poleana's marks on a choice: the value shows, .title names.
choice-mark-compliant = ✓ cumple el reglamento
    .title = cumple el reglamento

choice-mark-infraction = ✕ infracción
    .title = infracción

choice-mark-safe = ★ casilla segura
    .title = casilla segura

choice-mark-police = ⚠ casilla policía
    .title = casilla policía

# $victim: the colour of the token a move captures.
choice-captures = come una ficha { $victim ->
        [yellow] amarilla
        [blue] azul
        [red] roja
       *[green] verde
    }

# $to (the exit cell), $by (5, or sum).
choice-parchis-exit = Saca una ficha a la { $to } con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# $from, $to, $by (a die 1 to 6, or a bonus of 10 or 20).
choice-parchis-move = Mueve la ficha de la { $from } a { $to ->
        [goal] la meta
        [home] casa
       *[other] la { $to }
    } con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# $from (a track cell), $to (a corridor cell), $by.
choice-parchis-corridor = Mueve la ficha de la { $from } a tu pasillo, a la { $to }, con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# $from, $by.
choice-parchis-goal = Mete la ficha de la { $from } a la meta con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    }

# Cession: a partner's token moves with the ceded die or the passed bonus. $colour (the token's), $from, $to, $by.
choice-parchis-partner = Mueve la ficha de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } de la { $from } a { $to ->
        [goal] la meta
        [home] casa
       *[other] la { $to }
    } con { $by ->
        [sum] la suma de los dados
        [10] el premio de 10
        [20] el premio de 20
       *[other] el { $by }
    } (cesión)

# The exchange: $card goes face down to the player on the left.
choice-cartas-pass = Pasa { card-the } al jugador de tu izquierda

# $card (ace, king or joker), $named.
choice-cartas-out = Saca una ficha de casa a tu casilla de salida con { card-played-the }

# $card, $named, $from, $to, $steps.
choice-cartas-move = Mueve la ficha de la { $from } a la { $to } con { card-played-the }

# $card, $named, $from, $to (a corridor cell), $steps.
choice-cartas-move-corridor = Mueve la ficha de la { $from } a tu pasillo, a la { $to }, con { card-played-the }

# The 4 backward: $card, $named, $from, $to.
choice-cartas-back = Mueve la ficha de la { $from } 4 casillas atrás, a la { $to }, con { card-played-the }

# $card, $named, $shares (choice-cartas-seven-share messages, listed with list-and).
choice-cartas-seven = Reparte { card-played-the }: { $shares }

# One share of a 7: $from, $steps, $corridor (true when it turns into the corridor).
choice-cartas-seven-share = { $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    } para la ficha de la { $from }{ $corridor ->
        [true] , hacia el pasillo
       *[false] { "" }
    }

# The J: $card, $named, $own (your token's cell), $other.
choice-cartas-swap = Cambia tu ficha de la { $own } por la ficha de la { $other } con { card-played-the }

# $card, $named.
choice-cartas-swap_own = Intercambia dos fichas tuyas con { card-played-the } (nada se mueve)

# The 2 (or a joker as a 2): $card, $named, $from (the seat robbed).
choice-cartas-steal = Róbale una carta al azar a { $from ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } con { card-played-the }


## The board picture's labels (core/src/picture: the SVG the app shows)

# $colour.
board-to-roll = Tira { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $colour.
board-to-play = Juega { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# Parchís: $colour, $seat.
board-to-play-seat = Juega { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } (asiento { $seat })

# $colour.
board-turn-of = Turno de { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $roll.
board-rolled = tiró { $roll }

# $die.
board-die-left = queda el { $die }

board-dice-used = dados usados

board-plus-ten-to-walk = +10 por avanzar

# $amount, $colour.
board-bonus-for = premio de { $amount } para { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $mode (individual, two-player, two-colours or pairs).
board-mode = { $mode ->
       *[individual] modo individual
        [two-player] modo de dos jugadores
        [two-colours] modo de dos colores
        [pairs] modo por parejas
    }

# $colour, $partner.
board-partners = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } con { $partner ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $count.
board-doubles = dobles seguidos: { $count }

# $colours (listed).
board-quiet = quietos: { $colours }

# $colour.
board-game-over-wins = Fin de la partida: gana { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    }

# $winners (listed), $count.
board-game-over-win = Fin de la partida: { $count ->
        [one] gana
       *[other] ganan
    } { $winners }

# $winners (listed).
board-game-over-special = Fin de la partida: victoria especial de { $winners }

# Cartas: $seat.
board-game-over-seat-wins = Fin de la partida: gana { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat })

# $colour.
board-every-token-home = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } llevó todas sus fichas a la meta

# $colour (who scored), $winners (the quiet, listed), $count.
board-scored-while-quiet = { $colour ->
        [yellow] Amarillo
        [blue] Azul
        [red] Rojo
       *[green] Verde
    } llegó a la meta mientras { $winners } { $count ->
        [one] no había jugado
       *[other] no habían jugado
    }

# $board (classic or express), $config (the variant text).
board-title-poleana = Poleana { $board ->
       *[classic] clásica
        [express] Express
    } · { $config } · ★ seguro · ⚠ policía

# $config.
board-title-parchis = Parchís · { $config } · ★ seguro

# $config, $cards (the deck's size).
board-title-cartas = Cartas · { $config } ({ $cards } cartas)

board-cartas-key = octágono: barrera en su salida · sentido horario

board-last-move = última jugada:

board-from = desde

board-to = hasta

board-not-playing = no juega

# Poleana: $count tokens at start.
board-start-count = salida { $count }

# $count.
board-limbo-count = submundo { $count }

# Parchís: $home, $goal (tokens).
board-home-goal = casa { $home } · meta { $goal }

# Cartas: $seat.
board-seat = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } · asiento { $seat }

board-you = tú

# $count.
board-home-count = casa { $count }

# $count, $total.
board-corridor-count = pasillo { $count } de { $total }

board-leads = abre la ronda

# $count.
board-your-hand = tu mano ({ $count })

# $count.
board-hand-hidden = { $count ->
        [0] sin cartas
        [one] 1 carta boca abajo
       *[other] { $count } cartas boca abajo
    }

# What a Cartas seat is doing, on its panel.
board-note-wins = gana

board-note-next-card = siguiente carta

board-note-to-pass = pasa

board-note-to-play = juega

board-note-robbed = le roban

board-note-steals = roba

# $gave, $got (card letters).
board-gave-got = dio { $gave }, recibió { $got }

# $gave.
board-gave = dio { $gave }

# $got.
board-got = recibió { $got }

board-passed-a-card = pasó una carta

# The caption's exchange: $gave, $received (card letters).
board-gave-received = dio { $gave }, recibió { $received }

# $received.
board-received = recibió { $received }

# $round (the round's number, from 1).
board-round = Ronda { $round }

# $cards.
board-cards-each = { $cards } cartas a cada quien

board-stage-deal = reparto

board-stage-exchange = intercambio

board-stage-play = juego

# $seat.
board-next-card-to = siguiente carta para { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat })

# $seat.
board-seat-to-pass = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat }) pasa una carta

# $seat.
board-seat-to-play = Juega { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat })

# $seat, $victim.
board-steals-from = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat }) le roba a { $victim ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $victim })

# $seat.
board-seen-by = visto por { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $seat })

# $seat.
board-all-in-corridor = { $seat ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } metió sus cuatro fichas en su pasillo

# $thief, $victim (seats), $card (the card's letter, or hidden when the view hides it).
board-theft = robo: { $thief ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $thief }) le quitó { $card ->
        [hidden] una carta
       *[other] { $card }
    } a { $victim ->
        [0] Amarillo
        [1] Azul
        [2] Rojo
       *[3] Verde
    } (asiento { $victim })

board-pile = mazo

board-discards = descartes


## Why a Cartas hand folded (examples/play.rs)

fold-why-timeout = se te acabó el tiempo

fold-why-all-home = tus cuatro fichas están en casa, y solo un as, un rey o un comodín saca una

fold-why-corridor-only = tus fichas fuera están todas en tu pasillo, donde una ficha solo avanza, con la cuenta exacta y sin saltar otra

fold-why-no-walk = no cabe ningún avance: una ficha no puede pasar una barrera, ni caer en una ficha tuya o en una barrera, ni pasarse del final de tu pasillo

fold-why-start-taken = no puede salir ninguna ficha: una tuya está en tu casilla de salida

fold-why-jack = la jota no encuentra cambio: necesita una ficha tuya en la pista y otra ficha ahí, ninguna haciendo barrera en su salida

fold-why-two = el 2 no encuentra a otro jugador con cartas que robar

# $reasons (fold-why-* messages joined with "; ").
fold-why = Por qué: { $reasons }


## The browser app (web/src)

# index.html
app-title = { -fichas } · Poleana, Parchís, Cartas

app-description = Juega Poleana, Parchís y Cartas contra bots o en línea.

app-tagline = Poleana · Parchís · Cartas

app-loading = Cargando el motor del juego…

app-needs-js = { -fichas } necesita JavaScript y WebAssembly.

# app.js. $reason.
app-engine-failed = No se pudo cargar el motor del juego: { $reason }

app-usage-seat = seat= es un número de asiento: 0, 1, 2 o 3

app-usage-seed = seed= es un número entero de 0 a 2^40

# setup.js
app-new-game = Nueva partida

app-game = Juego

app-seats = Asientos

app-seed = Semilla (opcional: misma semilla, mismos dados)

app-seed-placeholder = al azar

app-play = Jugar

app-play-online = Jugar en línea

app-online-intro = En un servidor de juego de { -fichas } (fichas-server): crea una sala y comparte los enlaces de sus asientos.

app-server = Servidor

app-open-lobby = Abrir la sala de espera

# Who sits at a seat.
app-who-human = Persona

app-who-easy = Bot fácil

app-who-medium = Bot medio

app-who-hard = Bot difícil

app-who-expert = Bot experto

# $seat (number), $name (the seat's colours, formatted).
app-seat-label = Asiento { $seat } · { $name }

# A seat the variant does not name: $seat.
app-seat-fallback = asiento { $seat }

# ui.js, a variant's title. $count.
app-players = { $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }

app-board = El tablero

app-your-moves = Tus jugadas

app-hint = Pista

app-dice = Dados

app-dice-history = Historial de dados

# $count.
app-dice-count = Dados ({ $count })

app-last-moves = Últimas jugadas

app-on-turn = ◀ en turno

# Before the captured colour's chip.
app-captures = come

# $card (the card's letter).
app-card-row = carta { $card }

# $label (the hinted move).
app-hint-line = Pista: { $label }

# $reason.
app-no-hint = Sin pista: { $reason }

# $count.
app-seconds-left = { $count ->
        [one] Queda 1 s para este turno
       *[other] Quedan { $count } s para este turno
    }

# $name (a seat's name).
app-winner = ¡Gana { $name }!

# $names (listed with list-and).
app-winners = ¡Ganan { $names }!

app-nobody-wins = ¡Nadie gana!

app-well-played = ¡Bien jugado!

# A seat's role.
app-role-you = tú

app-role-person = persona

# $level (easy, medium, hard or expert).
app-role-bot = { $level ->
        [easy] bot fácil
        [medium] bot medio
        [hard] bot difícil
        [expert] bot experto
       *[other] bot { $level }
    }

# $seat.
app-role-seat = asiento { $seat }

# offline.js. $variant, $seats (the variant's), $count (named in seats=), $example.
app-seats-mismatch = { $variant } tiene { $seats } asientos, y seats= nombra { $count }: uno por asiento, p. ej. seats={ $example }

app-cartas-one-person = Cartas en una sola pantalla admite una persona (las manos de los demás están ocultas): pon bots en los otros asientos, o juega en línea, cada persona en su propia pantalla

# $seed.
app-seed-footer = Semilla { $seed }: la misma semilla y los mismos asientos dan la misma partida.

app-status-your-roll = Te toca tirar

app-status-your-move = Te toca jugar

# $name.
app-status-name-roll = { $name }: tira

# $name.
app-status-name-move = { $name }: juega

# $name, $level.
app-status-bot-rolls = { $name } ({ $level ->
        [easy] bot fácil
        [medium] bot medio
        [hard] bot difícil
        [expert] bot experto
       *[other] bot { $level }
    }) tira

# $name, $level.
app-status-bot-thinking = { $name } ({ $level ->
        [easy] bot fácil
        [medium] bot medio
        [hard] bot difícil
        [expert] bot experto
       *[other] bot { $level }
    }) está pensando…

app-play-again = Jugar otra vez

app-setup = Preparar partida

app-save-record = Guardar el registro

# online.js. $server, $reason.
app-cannot-connect = No se puede conectar a { $server }: { $reason }

# $server.
app-cannot-reach-server = No se puede llegar al servidor en { $server }

app-dice-verifiable = verificables (se comprueban al final)

app-dice-system = el generador del servidor

app-no-limit = sin límite

# $count.
app-limit-seconds = { $count } s

# $count.
app-limit-minutes = { $count } min

app-create-room = Crear una sala

# $server.
app-server-line = Servidor: { $server }

app-turn-time = Tiempo por turno

# $type.
app-server-answered = El servidor respondió { $type }

app-copy = Copiar

app-copied = Copiado

app-copy-failed = Selecciona el enlace para copiarlo

# $table.
app-room = Sala { $table }

# $variant (its title).
app-room-intro = { $variant }. Envía a cada jugador el enlace de su asiento; la partida empieza cuando se hayan unido todos.

# $commitment.
app-dice-commitment = Compromiso de dados: { $commitment }

# $server.
app-connecting = Conectando con { $server }…

app-other-tab = Este asiento se abrió en otra pestaña o ventana: juega ahí, o recarga para recuperarlo.

# $count (seconds).
app-connection-lost = Se perdió la conexión; se reintenta en { $count } s…

# $url, $count.
app-cannot-reach-retry = No se puede llegar a { $url }; se reintenta en { $count } s…

# $reason.
app-table-closed = El servidor cerró esta mesa: { $reason }

# $seat, $reason.
app-seat-taken = El asiento { $seat } está ocupado, y este navegador no tiene su token. { $reason }

app-not-connected = Sin conexión: la jugada no se envió.

# $table, $server, $seat, $dice.
app-online-footer = Sala { $table } en { $server } · asiento { $seat } · dados: { $dice }

app-waiting-join = Esperando a que se unan todos los asientos…

app-dealing = Repartiendo…

# $name, $seat.
app-waiting-for = Esperando a { $name } (asiento { $seat })

# $head, $step.
app-verify-head = El servidor mandó la cabeza { $head } en el paso { $step }, y la cadena del registro no pasa por ella

# $commitment.
app-verify-commitment = El compromiso de dados del registro no es el que publicó el servidor ({ $commitment })

# $count, $game.
app-verified-dice = Registro y dados verificados: { $game ->
        [cartas] { $count } cartas comprobadas
       *[other] { $count } tiradas comprobadas
    }.

# $dice (a dice-source-* name).
app-verified-record = Registro verificado (los dados fueron { $dice }: no hay con qué comprobarlos).

# $reason.
app-check-failed = La partida no cuadra: { $reason }

app-new-room = Nueva sala

# bots.js. $reason.
app-worker-failed = Falló el proceso de los bots: { $reason }

app-worker-not-loaded = no se pudo cargar

# The game screen's taps (web/src/ui.js): the chooser beside a tapped token, the hand, the settings.
app-chooser = Jugadas de la ficha tocada
app-chooser-pick = Elige una:
app-chooser-more = Elige una, o toca otra ficha marcada:
# The buttons of the dice and bonuses, to choose one before a token: the sum; $amount (10, 20).
app-count-sum = la suma
app-count-bonus = premio de { $amount }
app-cancel = Cancelar
app-hand = Tus cartas
app-card = { card-the }
app-token-cannot-move = Esa ficha no puede moverse ahora: toca una ficha marcada.
app-previewing = Vista previa: el tablero después de esta jugada, que aún no se juega.
app-speed = Velocidad
app-speed-slow = lenta
app-speed-normal = normal
app-speed-fast = rápida
app-speed-off = sin animación
app-auto = Jugar sola una tirada o jugada única
app-language = Idioma

## How to play (the app's "Cómo se juega" / "How to play" panel)

# The panel's title; each game's paragraphs are how-<game>-1, how-<game>-2, … in order, the same count in every language.

app-how-to-play = Cómo se juega

how-poleana-1 = La poleana es para dos a cuatro jugadores, cada uno con cuatro fichas que esperan en su salida. Cada ficha da una vuelta entera al perímetro y regresa por su propio lado, donde su esquina la lleva a su casa: seis casillas y luego la meta, a la que se llega con el número exacto. Ganas cuando tus cuatro fichas están en tu meta.

how-poleana-2 = En tu turno tira los dos dados y luego toca una de las jugadas que se ofrecen. Puedes mover una ficha con un dado y otra ficha con el otro, o una sola ficha con la suma, pero nunca la misma ficha con los dos dados por separado. Un doble te da otra tirada; el tercer doble seguido es una infracción y termina tu turno en el acto.

how-poleana-3 = Una ficha solo sale con una tirada liberadora, y liberar gasta la tirada entera: con 5+1, 4+2 o 3+3 sale una ficha a tu casilla 0, con 6+3 sale una a tu casilla 3 y con 6+6 salen dos a tu 0. Si solo te queda una ficha en la salida, el 6+6 la libera con un 6 y el otro 6 te queda para mover.

how-poleana-4 = Si caes en una ficha rival sola, te la comes: vuelve a su salida y tu ficha avanza en el acto 10 casillas más (el +10). Si esas 10 terminan en otra rival, vuelves a comer y avanzas otras 10; si ningún camino admite las 10 completas, te quedas donde comiste. Tus casillas 0, 3 y 9 son seguros: mientras tu ficha esté en una, ningún rival puede caer ahí.

how-poleana-5 = Dos fichas de un color en una casilla del perímetro forman un tapón: nadie puede pasarlo ni caer en él, ni siquiera su dueño. Con un doble, un tapón puede avanzar entero y comerse completo un tapón rival. De regreso a casa, al cruzar tu 14 puedes subir a tu puente: siete casillas que bajan en tu 4, un camino más largo donde nadie come ni salta fichas.

how-poleana-6 = Con menos de cuatro jugadores, las casillas 0 a 8 de cada color ausente son casillas policía. Si un rival está en una cuyo número muestra tu tirada (cualquiera de los dados o la suma, y el 0 con una tirada liberadora), puedes llamar primero a la policía: ese rival vuelve a su salida y te queda la tirada entera. Las jugadas obligadas van en este orden: llamar a la policía, liberar o rescatar, comer y cualquier otra; cuando algo es obligado, el modo asistido marca con ✓ lo que cumple el reglamento y con ✕ lo demás.

how-poleana-7 = Elegir una jugada ✕ es una infracción: tu ficha más adelantada vuelve a la salida (con su tapón, si forma uno); si no tienes ninguna afuera, una de la salida cae al submundo, del que solo sale con una tirada liberadora, y mientras esté ahí no mueves nada más. Cuidado con el jugador quieto: si una ficha llega a su meta cuando un rival nunca ha sacado ficha ni cometido infracción, ese rival gana en el acto.

how-poleana-express-1 = La Poleana Express es la poleana en un tablero más chico, para partidas más cortas: cada lado tiene 13 casillas, numeradas del 0 al 12, y cada jugador tiene tres fichas. Ganas con tus tres fichas en tu meta.

how-poleana-express-2 = La esquina pasa de la 9 a la 8: tus seguros son la 0, la 3 y la 8, y de regreso entras a tu casa directo desde tu 7; la casa conserva sus seis casillas y la meta.

how-poleana-express-3 = Tu puente sale de tu 12 y sigue bajando en tu 4 tras siete casillas. Con menos de cuatro jugadores, las casillas policía de un color ausente son de su 0 a su 7.

how-poleana-express-4 = Todo lo demás es como en la poleana clásica: los dados, las tiradas liberadoras, las jugadas obligadas, las capturas con su +10, los tapones, las infracciones, el submundo y la victoria del jugador quieto.

how-parchis-1 = Cada color tiene cuatro fichas en casa. Sácalas a tu salida, llévalas por el recorrido de 68 casillas y súbelas por tu pasillo de siete casillas hasta la meta, a la que se llega con el número exacto. Los turnos van amarillo, azul, rojo, verde; gana el primer color con sus cuatro fichas en la meta (por parejas y con dos colores por jugador, el bando con las ocho).

how-parchis-2 = Tira los dos dados y usa cada dado por separado, en el orden que quieras: dos fichas, o la misma ficha dos veces. Elige un dado, o un premio, y la ficha que mueve: toca una de las jugadas que se ofrecen. Un dado que se puede usar se tiene que usar.

how-parchis-3 = Con un 5 sale una ficha a tu salida, y si un 5 puede sacar ficha, debe hacerlo (puedes jugar antes el otro dado). También puedes sumar 3+2 o 4+1 para sacar una ficha, y eso gasta los dos dados. Cuando las cuatro fichas de un color ya salieron de casa, cada 6 cuenta 7.

how-parchis-4 = Si caes en una ficha rival sola en una casilla blanca, te la comes: vuelve a su casa. Los seguros, marcados con una estrella y entre ellos las salidas, se comparten sin comer. Dos fichas de un color en un seguro forman una barrera que nadie puede pasar, ni su dueño; en una casilla blanca esa pareja sí se puede pasar, pero nadie cae ahí ni la come. Si sacas ficha a tu salida cuando ya hay dos fichas en ella, te comes a la rival.

how-parchis-5 = Premios: cada captura da un movimiento de 20 casillas, y cada ficha que llega a la meta, uno de 10. Es un solo movimiento, sin dividir, de una ficha de ese color que esté fuera de casa, y se juega antes que lo demás; si ninguna puede usarlo, pasa al compañero si lo hay, o se pierde. Si con el premio comes o llegas a la meta, ganas otro premio.

how-parchis-6 = Un doble da otra tirada, hasta dos veces. Con un doble, si tienes una barrera debes abrir una con el primer dado que uses, cuando alguna jugada lo permita. El tercer doble seguido no se juega: la última ficha que moviste vuelve a casa, salvo que esté en su pasillo o en la meta, y se acaba el turno.

how-parchis-7 = Por parejas (amarillo y rojo contra azul y verde) y con dos colores por jugador, cuando ningún dado sirve para tus fichas, pasan al color compañero (el de tu pareja o, con dos colores, tu otro color), que debe usarlos si puede: es la cesión. Los compañeros comparten los seguros, pero pueden comerse en las casillas blancas.

how-cartas-1 = Cuatro jugadores, cada uno por su cuenta, con cuatro fichas en casa cada uno. En vez de dados se juegan cartas. Gana el primero que meta sus cuatro fichas en su pasillo, las cuatro casillas que salen de su casilla de salida.

how-cartas-2 = Las rondas reparten 6, 5, 4 y 3 cartas a cada jugador, y luego otra vez 6. Primero cada jugador pasa una carta boca abajo al de su izquierda; después, por turnos, cada uno juega una carta. Si ninguna de tus cartas se puede usar, descartas la mano entera y esperas a la siguiente ronda.

how-cartas-3 = El as y el rey sacan una ficha de casa a tu casilla de salida; si no, el as avanza 1 u 11 y el rey 13. La reina avanza 12, y el 3, 5, 6, 8, 9 y 10 avanzan justo ese número. El 4 avanza 4 o retrocede 4. El 2 avanza 2, o roba una carta al azar de la mano del jugador que elijas.

how-cartas-4 = El 7 se reparte entre tus fichas: siete pasos en total, repartidos como quieras, y ninguna parte puede pasar por encima de una ficha tuya. La jota intercambia una ficha tuya de la pista con cualquier otra de la pista, salvo una que esté en casa, en un pasillo o haciendo barrera en su salida. El comodín se juega como la carta que tú elijas.

how-cartas-5 = Una ficha recién salida hace barrera en su casilla de salida: nadie puede pasarla, caer en ella, comerla ni intercambiarla, tú tampoco, hasta que se mueva. Si caes en una ficha rival, te la comes y vuelve a su casa; puedes pasar por encima de otras fichas, salvo de una que hace barrera, pero nunca caer en una tuya.

how-cartas-6 = Al avanzar por su casilla de salida, una ficha que ya la había dejado puede entrar a su pasillo en vez de dar otra vuelta, y avanza por él con el número exacto, a salvo de todo. El camino corto: con un 4, retrocede 4 una ficha recién salida y después llévala hacia adelante a su pasillo.
