package fichas

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The engine's refusals arrive as typed exceptions with messages a person understands. */
class ErrorsTest {
    @Test
    fun `an illegal action raises IllegalAction and changes nothing`() {
        Game("poleana:2", seed = 1uL).use { game ->
            game.applyChance("5-1")
            val before = game.position()
            val error = assertThrows<FichasException.IllegalAction> { game.playNotation("Y12+5") }
            assertTrue(error.message!!.startsWith("`Y12+5` is not legal here: "), error.message)
            assertEquals(before, game.position())
            assertEquals(1u, game.record().stepCount(), "a refused action is not recorded")
            // A stale action from a list read earlier is refused the same way.
            val release = game.legalActions().single()
            game.play(release)
            assertThrows<FichasException.IllegalAction> { game.play(release) }
        }
    }

    @Test
    fun `acting out of turn names what is due`() {
        Game("parchis", seed = 1uL).use { game ->
            val early = assertThrows<FichasException.IllegalAction> { game.playNotation("home+5") }
            assertEquals("a chance event is pending: sample or supply its outcome before deciding", early.message)
            game.applyDice(5u, 3u)
            val twice = assertThrows<FichasException.IllegalAction> { game.applyDice(1u, 2u) }
            assertEquals("no chance event is pending: a player is to decide", twice.message)
        }
    }

    @Test
    fun `text that cannot be read raises Parse`() {
        Game("poleana:2", seed = 1uL).use { game ->
            val roll = assertThrows<FichasException.Parse> { game.applyChance("7-1") }
            assertTrue(roll.message!!.contains("7-1"), roll.message)
            assertThrows<FichasException.Parse> { game.applyDice(0u, 3u) }
            game.applyChance("5-1")
            val action = assertThrows<FichasException.Parse> { game.playNotation("walk forward") }
            assertTrue(action.message!!.contains("walk forward"), action.message)
        }
        assertThrows<FichasException.Parse> { Game.fromPosition("poleana:2 turn=Q") }
        assertThrows<FichasException.Parse> { SeatView.fromJson("{\"seat\": 9}") }
    }

    @Test
    fun `a variant that cannot be raises Config, a seat not at the table raises Seat`() {
        val config = assertThrows<FichasException.Config> { Game("parchis:three") }
        assertTrue(config.message!!.contains("three"), config.message)
        assertThrows<FichasException.Config> { Game("chess") }
        assertThrows<FichasException.Config> { variantInfo("poleana:1") }
        Game("poleana:2").use { game ->
            val seat = assertThrows<FichasException.Seat> { game.view(2u) }
            assertEquals("seat 2 is not at this table: poleana:2 has seats 0 to 1", seat.message)
        }
    }

    @Test
    fun `every error is a FichasException`() {
        val errors: List<FichasException> = listOf(
            assertThrows<FichasException.Config> { Game("nope") },
            assertThrows<FichasException.Record> { replay("{}") },
            assertThrows<FichasException.Parse> { Game("cartas").applyChance("5-3") },
        )
        assertTrue(errors.all { !it.message.isNullOrBlank() })
    }
}
