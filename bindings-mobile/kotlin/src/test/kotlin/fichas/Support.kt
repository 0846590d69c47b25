package fichas

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse

/** Every variant and mode the full-game tests play. */
@JvmField
val VARIANTS = listOf(
    "poleana",
    "poleana:2",
    "poleana:2:assisted",
    "poleana-express:3",
    "poleana-express:3:free",
    "parchis",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
)

/** More steps than any game takes: a game still running after them is stuck. */
const val MAX_STEPS = 100_000

/**
 * Plays one step: rolls when chance is pending, otherwise plays a random legal action, checking
 * that every step reports what happened. Returns false once the game is over.
 */
fun step(game: Game, random: Random): Boolean {
    when (val phase = game.phase()) {
        is Phase.Over -> return false
        is Phase.Chance -> assertFalse(game.roll().isEmpty(), "a roll reports what it rolled")
        is Phase.Decide -> {
            val actions = game.legalActions()
            assertFalse(actions.isEmpty(), "seat ${phase.seat} is to decide but has no choice")
            val action = actions[random.nextInt(actions.size)]
            assertEquals(phase.seat, action.seat, "an action names the seat that may take it")
            assertFalse(game.play(action).isEmpty(), "`${action.notation}` reports what it did")
        }
    }
    return true
}

/** Plays `game` to its end with random choices; returns the number of steps it took. */
fun playOut(game: Game, random: Random): Int {
    var steps = 0
    while (step(game, random)) {
        steps++
        check(steps < MAX_STEPS) { "${game.variant()} still running after $MAX_STEPS steps: ${game.position()}" }
    }
    return steps
}

/** Plays until a seat is to decide. */
fun rollUntilDecision(game: Game) {
    var rolls = 0
    while (game.toAct() == null) {
        game.roll()
        check(++rolls < 1_000) { "no decision after $rolls rolls" }
    }
}

/** The value of `key=` in a position text, such as the `hands` of a Cartas position. */
fun positionField(position: String, key: String): String =
    position.split(' ').firstOrNull { it.startsWith("$key=") }?.removePrefix("$key=")
        ?: error("no $key= in $position")
