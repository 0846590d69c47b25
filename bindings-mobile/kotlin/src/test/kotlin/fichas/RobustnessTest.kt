package fichas

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** Garbage at every entry point: each call throws a FichasException; none crashes the JVM. */
class RobustnessTest {
    private val garbage = listOf(
        "",
        " ",
        "\u0000",
        "\uFEFF",
        "ñ🎲",
        "x".repeat(10_000),
        "{}",
        "[]",
        "null",
        "poleana:",
        "poleana turn=Y",
        "99999999999999999999999",
        "-1",
        "Y12+99",
        "7:0+1,0+1,0+1,0+1,0+1,0+1,0+1",
        "{\"format\":\"fichas-record\",\"version\":4294967295,\"variant\":\"poleana\",\"steps\":[]}",
    )

    @Test
    fun `every constructor and free function refuses garbage`() {
        for (text in garbage) {
            assertThrows<FichasException> { Game(text) }
            assertThrows<FichasException> { Game.fromPosition(text) }
            assertThrows<FichasException> { GameRecord.fromJson(text) }
            assertThrows<FichasException> { SeatView.fromJson(text) }
            assertThrows<FichasException> { replay(text, null) }
            assertThrows<FichasException> { variantInfo(text) }
        }
    }

    @Test
    fun `every game method refuses garbage and changes nothing`() {
        for (variant in listOf("poleana:2", "parchis:pairs", "cartas")) {
            Game(variant, seed = 3uL).use { game ->
                while (game.toAct() == null) game.roll()
                val before = game.position()
                for (text in garbage) {
                    assertThrows<FichasException> { game.playNotation(text) }
                    assertThrows<FichasException> { game.applyChance(text) }
                }
                for ((first, second) in listOf(UInt.MAX_VALUE to 1u, 7u to 0u, 0u to 0u, 1u to 1000u)) {
                    assertThrows<FichasException> { game.applyDice(first, second) }
                }
                for (seat in listOf(4u, 1000u, UInt.MAX_VALUE)) {
                    assertThrows<FichasException.Seat> { game.view(seat) }
                }
                assertNull(game.actionFromId(UInt.MAX_VALUE))
                val real = game.legalActions().first()
                for (notation in listOf("", "x".repeat(500), "timeout!", "\u0000")) {
                    assertThrows<FichasException> { game.play(real.copy(notation = notation)) }
                }
                assertEquals(before, game.position(), "refused input changes nothing")
            }
        }
    }

    @Test
    fun `extreme seeds are just seeds`() {
        for (seed in listOf(0uL, 1uL, ULong.MAX_VALUE)) {
            Game("parchis", seed = seed).use { game -> assertTrue(game.roll().isNotEmpty()) }
        }
    }

    @Test
    fun `a finished game refuses every move`() {
        val over = "parchis:pairs turn=Y roll=- Y=goal,goal,goal,goal B=home,home,home,home " +
            "R=goal,goal,goal,goal G=home,home,home,home result=YR"
        Game.fromPosition(over).use { game ->
            assertTrue(game.isOver())
            assertTrue(game.legalActions().isEmpty() && game.chanceOutcomes().isEmpty())
            val refusals = listOf<() -> Unit>(
                { game.roll() },
                { game.timeout() },
                { game.playNotation("home+5") },
                { game.applyChance("5-5") },
                { game.applyDice(5u, 5u) },
            )
            for (refused in refusals) {
                val error = assertThrows<FichasException.IllegalAction> { refused() }
                assertEquals("the game is over", error.message)
            }
        }
    }
}
