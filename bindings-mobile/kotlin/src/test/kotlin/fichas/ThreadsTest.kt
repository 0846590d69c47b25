package fichas

import java.util.concurrent.Callable
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ThreadsTest {
    @Test
    fun `games on several threads at once end as they do one at a time`() {
        val variants = listOf("poleana", "parchis:pairs", "cartas", "poleana-express:3")
        fun finish(variant: String): String = Game(variant, seed = 17uL).use { game ->
            playOut(game, Random(17))
            game.position()
        }
        val alone = variants.map(::finish)
        val pool = Executors.newFixedThreadPool(variants.size)
        try {
            val together = pool.invokeAll(variants.map { Callable { finish(it) } }).map { it.get() }
            assertEquals(alone, together)
        } finally {
            pool.shutdownNow()
        }
    }

    @Test
    fun `one game shared by several threads loses and doubles no step`() {
        Game("parchis:two-player", seed = 23uL).use { game ->
            val players = 4
            val applied = AtomicInteger()
            val refused = AtomicInteger()
            val done = AtomicBoolean(false)
            val start = CountDownLatch(1)
            val pool = Executors.newFixedThreadPool(players + 1)
            try {
                val workers = (0 until players).map { n ->
                    pool.submit {
                        val random = Random(n)
                        start.await()
                        while (!game.isOver()) {
                            // Read, then act: another thread may act in between, and the
                            // engine then refuses the stale step.
                            try {
                                if (game.toAct() == null) {
                                    game.roll()
                                } else {
                                    val actions = game.legalActions()
                                    if (actions.isNotEmpty()) game.play(actions[random.nextInt(actions.size)])
                                    else continue
                                }
                                applied.incrementAndGet()
                            } catch (e: FichasException.IllegalAction) {
                                refused.incrementAndGet()
                            }
                        }
                    }
                }
                // A reader looks on meanwhile, as a UI thread would.
                val reader = pool.submit {
                    start.await()
                    while (!done.get()) {
                        assertTrue(game.position().startsWith("parchis:two-player"))
                        game.view(0u).use { assertTrue(it.text().isNotEmpty()) }
                    }
                }
                start.countDown()
                workers.forEach { it.get(120, TimeUnit.SECONDS) }
                done.set(true)
                reader.get(10, TimeUnit.SECONDS)
            } finally {
                pool.shutdownNow()
            }
            assertTrue(game.isOver())
            val record = game.record()
            assertEquals(applied.get().toUInt(), record.stepCount(), "every applied step is recorded once")
            replay(record.toJson()).use { assertEquals(game.position(), it.position()) }
        }
    }
}
