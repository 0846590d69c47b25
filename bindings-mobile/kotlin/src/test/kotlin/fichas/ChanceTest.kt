package fichas

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** A server rolls its own dice and deals its own cards, and applies them to the game. */
class ChanceTest {
    @Test
    fun `supplied dice decide the game whatever the game's own seed`() {
        val random = Random(5)
        val dice = List(400) { Pair(random.nextInt(1, 7).toUInt(), random.nextInt(1, 7).toUInt()) }
        fun playWith(seed: ULong): String = Game("parchis:two-player", seed).use { game ->
            var next = 0
            repeat(400) {
                when (game.phase()) {
                    is Phase.Chance -> {
                        val (a, b) = dice[next++]
                        val rolled = game.applyDice(a, b).first()
                        assertEquals("rolled", rolled.kind)
                        assertEquals("[$a,$b]", rolled.fields["roll"])
                    }
                    is Phase.Decide -> game.play(game.legalActions().first())
                    is Phase.Over -> return@use game.position()
                }
            }
            game.position()
        }
        assertEquals(playWith(1uL), playWith(999uL), "only the supplied dice matter")
    }

    @Test
    fun `a supplied roll as text, with its weight listed`() {
        Game("poleana:2", seed = 1uL).use { game ->
            val outcomes = game.chanceOutcomes()
            assertEquals(36, outcomes.sumOf { it.weight.toInt() }, "two dice: 36 equally likely ordered rolls")
            assertTrue(outcomes.any { it.notation == "5-1" })
            val events = game.applyChance("5-1")
            assertEquals(listOf("rolled"), events.take(1).map { it.kind })
            assertEquals(Phase.Decide(0u), game.phase())
            assertTrue(game.chanceOutcomes().isEmpty(), "nothing to roll while a seat decides")
            game.playNotation("release")
            assertEquals(listOf(Step.Chance("5-1"), Step.Decision(0u, "release")), game.record().steps())
        }
    }

    @Test
    fun `a roll with no use passes the turn by itself`() {
        Game("poleana:2", seed = 1uL).use { game ->
            val events = game.applyChance("6-4")
            assertEquals(listOf("rolled", "passed", "turn_passed"), events.map { it.kind })
            assertEquals(Phase.Chance, game.phase())
        }
    }

    @Test
    fun `a server deals the Cartas cards and each seat holds what it was dealt`() {
        Game("cartas", seed = 1uL).use { game ->
            val dealt = List(4) { mutableListOf<String>() }
            while (game.toAct() == null) {
                // The server's card: the first rank still in the pile, weighted by copies left.
                val outcomes = game.chanceOutcomes()
                val card = outcomes.first { it.weight > 0u }.notation
                val deal = game.applyChance(card).single { it.kind == "dealt" }
                assertEquals(card, deal.fields["card"])
                dealt[deal.fields.getValue("to").toInt()].add(card)
            }
            for (seat in 0u..3u) {
                game.view(seat).use { view -> assertEquals(dealt[seat.toInt()].sorted(), view.hand().sorted()) }
            }
            assertThrows<FichasException.Parse> { game.applyChance("Z") }
        }
    }

    @Test
    fun `the host's timeout is a step with its consequences`() {
        Game("poleana:2", seed = 1uL).use { game ->
            game.applyChance("5-1")
            val events = game.timeout()
            assertEquals("infraction", events.first().kind)
            assertEquals("timeout", events.first().fields["cause"])
            assertEquals(Step.Timeout(0u), game.record().steps().last())
        }
    }

    @Test
    fun `a timeout is the host's call, never an action`() {
        Game("poleana:2", seed = 1uL).use { game ->
            game.applyChance("5-1")
            val refused = assertThrows<FichasException.IllegalAction> { game.play(game.legalActions().first().copy(notation = "timeout")) }
            assertTrue(refused.message!!.contains("host"), refused.message)
        }
    }
}
