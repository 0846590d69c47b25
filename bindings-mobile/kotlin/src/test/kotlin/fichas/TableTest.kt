package fichas

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** A server holds a Table: one door for seats, the host's timeouts, per-seat events, evidence. */
class TableTest {
    /** Plays random legal moves through the table's one door until the game ends. */
    private fun playOut(table: Table, random: Random, limit: Int = 100_000) {
        var steps = 0
        while (!table.isOver() && steps < limit) {
            val seat = table.toAct() ?: error("nobody is to act at step ${table.step()}")
            val legal = table.legalActions(seat)
            table.submit(seat, table.step(), legal[random.nextInt(legal.size)], at = steps.toULong())
            steps++
        }
    }

    @Test
    fun `every refusal has its own error and changes nothing`() {
        Table("poleana:2").use { table ->
            assertThrows<FichasException.Table> { table.submit(0u, 0uL, "roll") }
            table.start(at = 0uL)
            assertEquals(listOf("roll"), table.legalActions(0u))
            val head = table.head()
            val notYours = assertThrows<FichasException.NotYourTurn> { table.submit(1u, 0uL, "roll") }
            assertTrue(notYours.message!!.contains("seat 0 (yellow) is to act"), notYours.message)
            assertThrows<FichasException.HostOnly> { table.submit(0u, 0uL, "timeout") }
            assertThrows<FichasException.FutureStep> { table.submit(0u, 7uL, "roll") }
            val illegal = assertThrows<FichasException.IllegalAction> { table.submit(0u, 0uL, "release") }
            assertTrue(illegal.message!!.contains("legal: roll"), illegal.message)
            assertThrows<FichasException.Seat> { table.submit(5u, 0uL, "roll") }
            assertEquals(0uL, table.step())
            assertEquals(head, table.head(), "nothing changed")
            assertEquals(1uL, table.submit(0u, 0uL, "roll", at = 5uL))
            // The same message again: stale, or out of turn if the roll passed the turn.
            val again = assertThrows<FichasException> { table.submit(0u, 0uL, "roll") }
            assertTrue(again is FichasException.Stale || again is FichasException.NotYourTurn, "$again")
        }
    }

    @Test
    fun `the host times a seat out before its roll, and the record says so`() {
        Table("poleana:2", turnLimitMs = 1_000uL).use { table ->
            table.start(at = 0uL)
            assertEquals(1_000uL, table.deadline())
            assertFalse(table.expire(999uL))
            assertTrue(table.expire(1_000uL))
            assertEquals(1u, table.toAct())
            assertEquals(2_000uL, table.deadline(), "the next turn's clock starts at the timeout")
            assertEquals(Step.Timeout(0u), table.record().steps().last())
        }
    }

    @Test
    fun `verifiable dice check out after the reveal, and a changed outcome does not`() {
        Table("cartas", dice = "verifiable").use { table ->
            val commitment = table.commitment()!!
            for (seat in 0u..3u) table.join(seat, player = "p$seat", seed = "seed $seat")
            table.start()
            playOut(table, Random(4))
            val record = table.record().toJson()
            assertTrue(record.contains(commitment))
            val secret = table.reveal()
            assertTrue(verifyDice(record, secret) > 24u)
            GameRecord.fromJson(record).verify(table.head())
            // Another card for the first deal: a different outcome than the secret gives.
            val first = Regex("\"chance\":\"(.)\"").find(record)!!
            val other = if (first.groupValues[1] == "K") "A" else "K"
            val forged = record.replaceFirst(first.value, "\"chance\":\"$other\"")
            assertThrows<FichasException.Dice> { verifyDice(forged, secret) }
            assertThrows<FichasException.Record> { GameRecord.fromJson(forged).verify(null) }
        }
    }

    @Test
    fun `a spectator's view of Cartas holds no card of any hand`() {
        Table("cartas", dice = "verifiable").use { table ->
            table.start()
            playOut(table, Random(8), limit = 50)
            val public = table.publicViewJson()
            assertTrue(public.contains("\"hand_sizes\"") && !public.contains("\"hand\""), public)
        }
    }

    @Test
    fun `each seat's stream shows only the cards that seat may see`() {
        Table("cartas").use { table ->
            table.start()
            playOut(table, Random(9))
            for (seat in 0u..3u) {
                for (d in table.eventsFor(seat)) {
                    val card = d.event.fields.containsKey("card")
                    val f = d.event.fields
                    val mine = when (d.event.kind) {
                        "dealt" -> f["to"] == "$seat"
                        "chose" -> f["seat"] == "$seat"
                        "received" -> f["seat"] == "$seat" || f["from"] == "$seat"
                        "stole" -> f["thief"] == "$seat" || f["victim"] == "$seat"
                        else -> true
                    }
                    assertTrue(!card || mine, "seat $seat got $d")
                }
            }
            val since = table.eventsFor(0u, since = 30uL)
            assertTrue(since.all { it.step >= 30uL })
        }
    }

    @Test
    fun `a store of the header and the appended steps resumes the table, and a torn last row is named`() {
        Table("parchis:pairs", dice = "verifiable").use { table ->
            table.start()
            val header = table.header()
            val rows = mutableListOf<String>()
            val random = Random(5)
            repeat(60) {
                val seat = table.toAct()!!
                val legal = table.legalActions(seat)
                table.submit(seat, table.step(), legal[random.nextInt(legal.size)])
                val new = table.stepsSince(rows.size.toULong())
                assertEquals((rows.size until rows.size + new.size).map { it.toULong() }, new.map { it.index })
                assertEquals(table.head(), new.last().link)
                rows += new.map { it.json }
            }
            assertEquals(emptyList<StoredStep>(), table.stepsSince(table.step() + 4uL))
            assertEquals(table.rolls().drop(2), table.rolls(since = table.rolls()[2].step))
            Table.resumeFrom(header, rows, table.reveal()).use { again ->
                assertEquals(table.head(), again.head())
                assertEquals(table.eventsFor(1u), again.eventsFor(1u))
            }
            assertEquals(table.view(0u).toJson(), table.publicViewJson(), "the dice games hide nothing")
            val torn = rows.dropLast(1) + rows.last().take(rows.last().length / 2)
            val error = assertThrows<FichasException.Record> { Table.resumeFrom(header, torn, table.reveal()) }
            assertTrue(error.message!!.contains("step ${rows.size - 1} cannot be read"), error.message)
        }
    }

    @Test
    fun `a resumed table continues the committed dice and never a fixed seed`() {
        Table("poleana:4", dice = "verifiable").use { table ->
            table.start()
            playOut(table, Random(1), limit = 40)
            val secret = table.reveal()
            val middle = table.record().toJson()
            Table.resume(middle, secret).use { again ->
                assertEquals(table.step(), again.step())
                assertEquals(table.rolls(), again.rolls())
                playOut(table, Random(2))
                playOut(again, Random(2))
                assertEquals(table.record().toJson(), again.record().toJson())
            }
            assertThrows<FichasException.Table> { Table.resume(middle, null) }
        }
        Table("parchis").use { table ->
            table.start()
            playOut(table, Random(1), limit = 20)
            val middle = table.record().toJson()
            val nexts = (1..12).map {
                Table.resume(middle).use { t ->
                    val (before, random) = t.rolls().size to Random(3)
                    while (t.rolls().size == before) {
                        val seat = t.toAct()!!
                        val legal = t.legalActions(seat)
                        t.submit(seat, t.step(), legal[random.nextInt(legal.size)])
                    }
                    t.rolls().last().roll
                }
            }
            assertNotEquals(1, nexts.toSet().size, "fresh entropy: $nexts")
        }
    }

    @Test
    fun `a finished game refuses every move, and host dice wait for the host`() {
        Table("poleana-express:2").use { table ->
            table.start()
            playOut(table, Random(3))
            assertTrue(table.isOver() && table.outcome() != null)
            assertThrows<FichasException.GameOver> { table.submit(0u, table.step(), "roll") }
            assertThrows<FichasException.GameOver> { table.timeout() }
        }
        Table("parchis", dice = "host").use { table ->
            table.start()
            assertEquals(0uL, table.submit(0u, 0uL, "roll"))
            assertTrue(table.chanceDue())
            assertEquals(null, table.toAct())
            assertTrue(table.chanceOutcomes().any { it.notation == "6-1" })
            assertEquals(1uL, table.supply("6-1"))
            assertEquals(listOf(RollEntry(0uL, 0u, "6-1")), table.rolls())
            assertThrows<FichasException.Table> { table.supply("2-2") }
        }
    }

    @Test
    fun `the chain catches an inserted or removed step and a cut`() {
        Table("cartas").use { table ->
            table.start()
            playOut(table, Random(8), limit = 100)
            val json = table.record().toJson()
            val head = table.head()
            GameRecord.fromJson(json).verify(head)
            val steps = Regex("\\{[^{}]*\"link\":\"[0-9a-f]{64}\"\\}").findAll(json).map { it.value }.toList()
            fun with(changed: List<String>) = json.replace(steps.joinToString(","), changed.joinToString(","))
            val inserted = steps.take(10) + steps[12] + steps.drop(10)
            val removed = steps.take(10) + steps.drop(11)
            val cut = steps.dropLast(5)
            for (forged in listOf(inserted, removed)) {
                val error = assertThrows<FichasException.Record> { GameRecord.fromJson(with(forged)).verify(null) }
                assertTrue(error.message!!.contains("step 10 does not match"), error.message)
            }
            GameRecord.fromJson(with(cut)).verify(null)
            assertThrows<FichasException.Record> { GameRecord.fromJson(with(cut)).verify(head) }
            assertEquals(head, GameRecord.fromJson(json).links().last())
        }
    }
}
