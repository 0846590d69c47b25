package consumer

import com.sun.jna.NativeLibrary
import com.sun.jna.Platform
import fichas.FichasException
import fichas.Game
import fichas.GameRecord
import fichas.Phase
import fichas.Table
import fichas.engineVersion
import java.io.File
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** What an app gets from the coordinates dev.fichas:fichas:0.1.0 alone. */
class ConsumerTest {
    @Test
    fun `the native library comes out of the fichas jar, with no library path`() {
        assertNull(System.getProperty("jna.library.path"), "no jna.library.path")
        val resource = "${Platform.RESOURCE_PREFIX}/${System.mapLibraryName("fichas_mobile")}"
        val url = Game::class.java.classLoader.getResource(resource)
        assertNotNull(url, "$resource is on the classpath")
        // jar:file:…/.m2/repository/dev/fichas/fichas/0.1.0/fichas-0.1.0.jar!/linux-x86-64/…
        assertEquals("jar", url!!.protocol)
        assertTrue(url.path.endsWith("/dev/fichas/fichas/0.1.0/fichas-0.1.0.jar!/$resource"), "$url")
        assertTrue(engineVersion().isNotEmpty(), "a call into the library")
        // JNA loaded its own copy, extracted from the jar (and deleted once loaded), not a
        // library of the workspace's build.
        val loaded = NativeLibrary.getInstance("fichas_mobile").file.absoluteFile
        val workspace = File(System.getProperty("user.dir")).canonicalFile.parentFile.parentFile.parentFile
        assertTrue(loaded.name.startsWith("jna") && !loaded.startsWith(workspace), "$loaded was extracted from the jar")
    }

    @Test
    fun `a seeded game of Poleana for two, always the first legal move, ends with a winner`() {
        Game("poleana:2", seed = 2026uL).use { game ->
            var steps = 0
            while (true) {
                when (val phase = game.phase()) {
                    is Phase.Chance -> assertTrue(game.roll().isNotEmpty())
                    is Phase.Decide -> {
                        val action = game.legalActions().first()
                        assertEquals(phase.seat, action.seat)
                        assertTrue(game.play(action).isNotEmpty())
                    }
                    is Phase.Over -> {
                        assertTrue(phase.outcome.winners.isNotEmpty(), "a winner: ${phase.outcome}")
                        assertEquals(phase.outcome, game.outcome())
                        break
                    }
                }
                check(++steps < 100_000) { "still running after $steps steps" }
            }
            assertTrue(game.isOver())
            // The record replays to the same end.
            game.record().use { record ->
                assertEquals(steps.toUInt(), record.stepCount())
                record.replay().use { again -> assertEquals(game.position(), again.position()) }
            }
        }
    }

    @Test
    fun `a table takes moves from the seat to act alone, and its record checks out`() {
        Table("poleana:2", turnLimitMs = 60_000uL).use { table ->
            table.join(0u, player = "ana")
            table.join(1u, player = "bruno")
            table.start(at = 0uL)
            val first = table.toAct()!!
            assertEquals(listOf("roll"), table.legalActions(first))
            assertThrows<FichasException.NotYourTurn> { table.submit(1u - first, 0uL, "roll") }
            var at = 0uL
            repeat(20) {
                val seat = table.toAct()!!
                at += 1_000uL
                table.submit(seat, table.step(), table.legalActions(seat).first(), at = at)
            }
            assertEquals(20uL, table.step())
            assertTrue(table.deadline()!! > at, "the turn limit gives a deadline")
            table.view(0u).use { view -> assertTrue(view.toJson().isNotEmpty()) }
            assertTrue(table.eventsFor(0u).isNotEmpty())
            assertNotEquals(table.eventsFor(0u, since = 10uL).size, table.eventsFor(0u).size)
            GameRecord.fromJson(table.record().toJson()).use { it.verify(table.head()) }
        }
    }
}
