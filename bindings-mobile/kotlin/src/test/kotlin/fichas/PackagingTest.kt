package fichas

import com.sun.jna.NativeLibrary
import com.sun.jna.Platform
import java.io.File
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The jar carries the native library where JNA looks for it, and nothing else is needed. */
class PackagingTest {
    @Test
    fun `JNA loads the library from the classpath resource, with no library path`() {
        assertNull(System.getProperty("jna.library.path"), "the tests set no jna.library.path")
        // The pom puts the library under the prefix it was told; it must be JNA's own.
        assertEquals(System.getProperty("fichas.jna.prefix"), Platform.RESOURCE_PREFIX)
        val resource = "${Platform.RESOURCE_PREFIX}/${System.mapLibraryName("fichas_mobile")}"
        val url = Game::class.java.classLoader.getResource(resource)
        assertNotNull(url, "$resource is on the classpath")
        // Out of the jar, JNA reads target/classes directly: the file it loaded is the resource.
        assertEquals("file", url!!.protocol)
        assertTrue(engineVersion().isNotEmpty(), "a call into the library")
        val loaded = NativeLibrary.getInstance("fichas_mobile").file
        assertEquals(File(url.toURI()).canonicalFile, loaded.canonicalFile)
    }
}
