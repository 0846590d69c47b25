package fichas

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** What a seat may see of a Cartas game: its own hand, and of the others only their sizes. */
class CartasViewTest {
    /** A Cartas game at its first decision (the exchange), and the hands in its position. */
    private fun dealtGame(seed: ULong): Pair<Game, List<String>> {
        val game = Game("cartas", seed)
        rollUntilDecision(game)
        return Pair(game, positionField(game.position(), "hands").split('/'))
    }

    @Test
    fun `a view holds the seat's own hand and only the sizes of the others`() {
        val (game, hands) = dealtGame(5uL)
        game.use {
            for (seat in 0..3) {
                game.view(seat.toUInt()).use { view ->
                    assertEquals(hands[seat], view.hand().joinToString(""))
                    assertEquals(hands.map { it.length.toUInt() }, view.handSizes())
                    assertEquals("cartas", view.variant())
                }
            }
        }
    }

    @Test
    fun `hidden cards leave no trace in a view, its JSON or its pictures`() {
        val (game, hands) = dealtGame(5uL)
        game.use {
            // Move one card between the hands of seats 1 and 2 (same sizes, same deck): only
            // what seat 0 may not see changes.
            val (a, b) = hands[1] to hands[2]
            val fromA = a.first { it !in b }
            val fromB = b.first { it !in a }
            val swapped = listOf(
                hands[0],
                a.replaceFirst(fromA, fromB),
                b.replaceFirst(fromB, fromA),
                hands[3],
            ).joinToString("/")
            val position = game.position()
            val other = position.replace("hands=${hands.joinToString("/")}", "hands=$swapped")
            assertNotEquals(position, other)
            Game.fromPosition(other).use { twin ->
                val mine = game.view(0u)
                val theirs = twin.view(0u)
                assertEquals(mine.toJson(), theirs.toJson())
                assertEquals(mine.svg(), theirs.svg())
                assertEquals(mine.text(), theirs.text())
                assertEquals(mine.legalActions(), theirs.legalActions())
                assertNotEquals(game.view(1u).toJson(), twin.view(1u).toJson(), "seat 1 sees its own hand change")
            }
        }
    }

    @Test
    fun `a view sent as JSON reads back and lists the seat's choices`() {
        val (game, _) = dealtGame(9uL)
        game.use {
            val seat = game.toAct() ?: error("a seat is to decide")
            val sent = game.view(seat).toJson()
            SeatView.fromJson(sent).use { received ->
                assertEquals(sent, received.toJson())
                assertEquals(seat, received.toAct())
                assertEquals(game.legalActions(), received.legalActions())
            }
        }
    }

    @Test
    fun `the events of a deal show each card only to the seat that got it`() {
        Table("cartas").use { table ->
            table.start()
            val all = table.eventsFor(null).filter { it.event.kind == "dealt" }
            assertEquals(24, all.size, "six cards to each of four seats")
            assertTrue(all.none { it.event.fields.containsKey("card") }, "a spectator sees no card")
            for (seat in 0u..3u) {
                for (delivered in table.eventsFor(seat).filter { it.event.kind == "dealt" }) {
                    val mine = delivered.event.fields["to"] == seat.toString()
                    assertEquals(mine, delivered.event.fields.containsKey("card"), "seat $seat sees $delivered")
                }
            }
        }
    }
}
