package fichas

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class RecordTest {
    /** A game of Parchís in pairs, 250 steps in. */
    private fun playedGame(): Game {
        val game = Game("parchis:pairs", seed = 21uL)
        val random = Random(21)
        repeat(250) { step(game, random) }
        return game
    }

    @Test
    fun `a record replays to the same position, from JSON or from the object`() {
        playedGame().use { game ->
            val record = game.record()
            val json = record.toJson()
            assertTrue(json.startsWith("{\"format\":\"fichas-record\",\"version\":2,\"variant\":\"parchis:pairs\""), json.take(80))
            replay(json).use { assertEquals(game.position(), it.position()) }
            record.replay().use { assertEquals(game.position(), it.position()) }

            val read = GameRecord.fromJson(record.toJson(pretty = true))
            assertEquals("parchis:pairs", read.variant())
            assertEquals(record.steps(), read.steps())
            assertTrue(read.steps().first() is Step.Chance)
            assertEquals(json, read.toJson(), "pretty JSON reads back to the same record")
        }
    }

    @Test
    fun `a replayed game plays on, and its record keeps growing`() {
        playedGame().use { game ->
            replay(game.record().toJson(), seed = 5uL).use { again ->
                val random = Random(3)
                repeat(20) { step(again, random) }
                assertEquals(game.record().stepCount() + 20u, again.record().stepCount())
            }
        }
    }

    @Test
    fun `a tampered record names its first illegal step`() {
        playedGame().use { game ->
            val json = game.record().toJson()
            val early = json.replace("\"steps\":[", "\"steps\":[{\"seat\":0,\"action\":\"home+5\"},")
            val error = assertThrows<FichasException.Record> { replay(early) }
            assertEquals("step 0 is illegal: `home+5` was recorded where a chance outcome was due", error.message)

            val newer = assertThrows<FichasException.Record> { GameRecord.fromJson(json.replace("\"version\":2", "\"version\":3")) }
            assertTrue(newer.message!!.contains("newer"), newer.message)
            assertThrows<FichasException.Record> { replay("not json") }
        }
    }

    @Test
    fun `a game from a position records that start`() {
        val start = "poleana:2 turn=Y roll=5-3 Y=Y1,start,start,start R=B5,start,start,start"
        Game.fromPosition(start).use { game ->
            game.playNotation("sweep")
            val json = game.record().toJson()
            assertTrue(json.contains("\"start\":\"$start"), json)
            replay(json).use { assertEquals(game.position(), it.position()) }
        }
    }
}
