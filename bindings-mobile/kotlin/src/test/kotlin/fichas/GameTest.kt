package fichas

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.FieldSource

class GameTest {
    @ParameterizedTest(name = "{0}")
    @FieldSource("fichas.SupportKt#VARIANTS")
    fun `a full game of each variant and mode ends with winners and replays`(variant: String) {
        Game(variant, seed = 7uL).use { game ->
            val info = variantInfo(variant)
            assertEquals(variant, game.variant())
            assertEquals(info.seats, game.seats())
            assertEquals(info.seatNames, game.seatNames())

            val steps = playOut(game, Random(variant.hashCode()))

            assertTrue(game.isOver())
            assertNull(game.toAct())
            val outcome = game.outcome() ?: error("a finished game has an outcome")
            assertEquals(Phase.Over(outcome), game.phase())
            assertTrue(outcome.winners.isNotEmpty() && outcome.winners.all { it < info.seats }, "$outcome")
            if (variant == "parchis:pairs") {
                assertEquals(2, outcome.winners.size, "a side of two wins together: $outcome")
            } else if (!outcome.special) {
                assertEquals(1, outcome.winners.size, "$outcome")
            }
            val ending = if (variant == "cartas") "won" else "game_over"
            assertTrue(game.lastEvents().any { it.kind == ending }, "the last step ends the game: ${game.lastEvents()}")
            assertTrue(game.legalActions().isEmpty())
            assertThrows<FichasException.IllegalAction> { game.roll() }

            // Every roll and every action is one step of the record, which replays to the same end.
            game.record().use { record ->
                assertEquals(steps.toUInt(), record.stepCount())
                replay(record.toJson()).use { again ->
                    assertEquals(game.position(), again.position())
                    assertEquals(outcome, again.outcome())
                }
            }
            assertTrue(game.svg().startsWith("<svg"))
            assertTrue(game.text().lines().all { it.length <= 80 })
        }
    }

    @Test
    fun `a turn is played as an app plays it, and told in Spanish`() {
        Game.fromPosition("parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home").use { game ->
            val taps = game.taps()
            assertEquals(game.legalActions().map { it.notation }, taps.map { it.action })
            assertEquals(listOf("+2", "+4"), taps.filter { it.tokens.firstOrNull() == "Y@66" }.map { it.option })
            val walk = game.movements("66+4").first()
            assertEquals(listOf("67", "68", "Y:c1", "Y:c2"), walk.path)
            assertEquals(Triple("yellow", "walk", "move"), Triple(walk.owner, walk.motion, walk.cause))
            val spots = geometry("parchis:YR").spots.map { it.spot }.toSet()
            assertTrue(walk.path.all { it in spots })
            game.playNotation("66+4")
            assertEquals(listOf("La ficha de Amarillo avanza 4 de la 66 a la c2 con el 4"), game.tell("es"))
            assertTrue(game.tokens().any { it.name == "Y@Y:c2" })
            assertThrows<FichasException.Config> { game.story("fr") }
        }
    }

    @Test
    fun `Action is the deprecated former name of Choice`() {
        Game("poleana:2", seed = 1uL).use { game ->
            game.applyDice(6u, 6u)
            @Suppress("DEPRECATION")
            val old: Action = game.legalActions().first()
            val choice: Choice = old
            assertEquals("release", choice.notation)
            game.play(old)
            assertEquals(2u, game.record().use { it.stepCount() }, "the dice and the release")
        }
    }

    @Test
    fun `variants and their configuration`() {
        assertTrue(variants().containsAll(listOf("poleana", "parchis:pairs", "cartas")))
        for (variant in variants()) {
            Game(variant).use { assertEquals(variant, it.variant()) }
        }
        val pairs = variantInfo("parchis:pairs")
        assertEquals("parchis", pairs.game)
        assertEquals(4u, pairs.seats)
        val twoColours = variantInfo("parchis:two-colours")
        assertEquals(listOf("yellow+red", "blue+green"), twoColours.seatNames)
        assertEquals(3u, variantInfo("poleana-express:3").seats)
        assertTrue(variants().containsAll(listOf("poleana-express:3", "poleana:free")))
        assertEquals("pairs", pairs.mode)
        assertEquals(listOf(2u, 3u, 0u, 1u), pairs.partners)
        assertEquals(VariantHas(dice = true, roll = true, cards = false, hiddenHands = false, marks = false, partners = true), pairs.has)
        assertEquals(listOf<UInt?>(null, null), twoColours.partners)
        val cartas = variantInfo("cartas")
        assertTrue(cartas.has.cards && cartas.has.hiddenHands && !cartas.has.roll && cartas.mode == null)
        assertTrue(variantInfo("cartas").actionSpace > 0u)
        assertTrue(engineVersion().isNotEmpty())
    }

    @Test
    fun `the same seed rolls the same game, and a copy goes its own way`() {
        fun playFrom(seed: ULong): String = Game("parchis:pairs", seed).use { game ->
            repeat(300) { step(game, Random(1)) }
            game.position()
        }
        assertEquals(playFrom(11uL), playFrom(11uL))
        assertNotEquals(playFrom(11uL), playFrom(12uL))

        Game("poleana:2", seed = 3uL).use { game ->
            game.applyChance("5-1")
            game.copy().use { copy ->
                copy.playNotation("release")
                assertNotEquals(copy.position(), game.position(), "playing the copy leaves the original")
                assertEquals(2u, copy.record().stepCount())
                assertEquals(1u, game.record().stepCount())
            }
        }
    }

    @Test
    fun `actions carry their marks, ids and notation`() {
        Game("poleana:2:assisted", seed = 1uL).use { game ->
            game.applyChance("5-1")
            val release = game.legalActions().single { it.notation == "release" }
            assertEquals(Compliance.COMPLIANT, release.compliance)
            assertEquals(Priority.RELEASE, release.priority)
            assertEquals(Mark.SAFE, release.mark)
            assertEquals("release ★", release.label)
            assertEquals(0u, release.seat)
            val id = release.id ?: error("a Poleana action has an id")
            assertTrue(id < game.actionSpace())
            assertEquals("release", game.actionFromId(id))
            val events = game.play(release)
            assertEquals("released", events.first().kind)
            assertEquals("yellow", events.first().fields["colour"])
        }
        Game("parchis", seed = 1uL).use { game ->
            game.applyDice(5u, 3u)
            val exit = game.legalActions().single()
            assertEquals("home+5", exit.notation)
            assertEquals(Colour.YELLOW, exit.colour)
            assertTrue(exit.landing != null && exit.compliance == null && exit.card == null)
        }
        Game("cartas", seed = 1uL).use { game ->
            rollUntilDecision(game)
            val passes = game.legalActions()
            assertTrue(passes.all { it.notation.startsWith("pass:") && it.id != null && it.landing == null })
        }
    }

    @Test
    fun `a position reads back, and pictures show it`() {
        // Blue is absent, so B5 is a police cell, and the roll 5-3 exposes 5.
        val written = "poleana:2 turn=Y roll=5-3 Y=Y1,start,start,start R=B5,start,start,start"
        Game.fromPosition(written).use { game ->
            val text = game.position()
            assertTrue(text.startsWith(written), "the engine writes every field: $text")
            Game.fromPosition(text).use { again -> assertEquals(text, again.position()) }
            assertEquals("sweep", game.legalActions().first().notation)
            val svg = game.svg()
            assertTrue(svg.startsWith("<svg") && svg.contains("<title>$text</title>"), svg.take(300))
            game.view(0u).use { view ->
                assertTrue(view.svg().startsWith("<svg"))
                assertTrue(view.text().isNotBlank())
                assertEquals(listOf("sweep"), view.legalActions().take(1).map { it.notation })
            }
        }
    }
}
