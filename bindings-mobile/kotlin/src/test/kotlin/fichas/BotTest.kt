package fichas

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.FieldSource

/** Bots through `Game.suggest`: hints for a player, moves for an offline opponent. */
class BotTest {
    @ParameterizedTest(name = "{0}")
    @FieldSource("fichas.SupportKt#VARIANTS")
    fun `bots of every level play every variant to the end`(variant: String) {
        val levels = listOf("easy", "medium", "random", "greedy")
        Game(variant, seed = 11uL).use { game ->
            var steps = 0
            while (!game.isOver()) {
                val seat = game.toAct()
                if (seat == null) {
                    game.roll()
                } else {
                    val hint = game.suggest(levels[seat.toInt() % levels.size], seed = seat.toULong())
                        ?: error("no hint for seat $seat in ${game.position()}")
                    assertTrue(game.legalActions().contains(hint.action), "${hint.action} is listed")
                    game.play(hint.action)
                }
                check(++steps < MAX_STEPS) { "$variant still running" }
            }
            assertNull(game.suggest("hard"), "nobody decides in a finished game")
        }
    }

    @Test
    fun `a hint says what it does and why`() {
        val position = "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-"
        Game.fromPosition(position).use { game ->
            val hint = game.suggest("easy", seed = 1uL) ?: error("the seat to decide gets a hint")
            assertEquals("Y5+3", hint.action.notation)
            assertEquals("captures", hint.reason)
            assertEquals("captures a red token", hint.explanation)
            val estimate = hint.estimate ?: error("a greedy bot estimates")
            assertTrue(estimate in 0.0..1.0)
            // The same seed and position give the same hint, from the game or from a view.
            assertEquals(hint, game.suggest("easy", seed = 1uL))
            game.view(0u).use { view -> assertEquals(hint, view.suggest("easy", seed = 1uL)) }
            // A hard search with a time cap still answers with a legal action.
            val capped = game.suggest("hard", timeLimitMs = 20u) ?: error("a capped search answers")
            assertTrue(game.legalActions().contains(capped.action))
            val random = game.suggest("random") ?: error("the random bot answers")
            assertNull(random.reason)
            assertNull(random.estimate)
        }
    }

    @Test
    fun `nobody is suggested a move while dice are due, and bad levels are refused`() {
        Game("parchis", seed = 1uL).use { game ->
            assertNull(game.suggest("medium"))
            rollUntilDecision(game)
            val error = assertThrows<FichasException.Config> { game.suggest("genius") }
            assertTrue(error.message!!.contains("easy, medium, hard or expert"), error.message)
            assertThrows<FichasException.Config> { game.suggest("hard", timeLimitMs = 0u) }
        }
    }

    @Test
    fun `an app learns from the engine which levels may think long`() {
        Game("cartas", seed = 1uL).use { game ->
            assertTrue(game.mayThinkLong("hard"))
            assertTrue(!game.mayThinkLong("medium") && !game.mayThinkLong("easy"))
            assertTrue(game.mayThinkLong("search:iterations=5000"))
            // The expert judges with its network: quick.
            assertTrue(!game.mayThinkLong("expert"))
            assertThrows<FichasException.Config> { game.mayThinkLong("genius") }
        }
        Game("parchis", seed = 1uL).use { game ->
            assertTrue(game.mayThinkLong("hard") && !game.mayThinkLong("search:nodes=1000"))
            // The expert judges one roll's plans with its network: quick.
            assertTrue(!game.mayThinkLong("expert"))
        }
    }

    @Test
    fun `a Cartas hint comes from the seat's view and only that seat gets one`() {
        Game("cartas", seed = 3uL).use { game ->
            rollUntilDecision(game)
            val seat = game.toAct()!!
            val hint = game.suggest("medium", seed = 5uL) ?: error("the seat to decide gets a hint")
            game.view(seat).use { view ->
                assertEquals(hint, view.suggest("medium", seed = 5uL))
                SeatView.fromJson(view.toJson()).use { sent -> assertEquals(hint, sent.suggest("medium", seed = 5uL)) }
            }
            // A seat whose view does not put it to decide gets no hint.
            val other = (seat + 1u) % 4u
            game.view(other).use { view ->
                if (view.toAct() != other) assertNull(view.suggest("medium"))
            }
        }
    }
}
