// Makes the site installable and playable offline: registers the service worker (sw.js), which
// keeps every file of the build in a cache so the offline games start with no network.

/**
 * Registers sw.js for the site's directory. Never throws: a browser without service workers (or
 * one that refuses them, as some private modes do) simply loads the site from the network each
 * time. The registration, or null.
 */
export async function installForOffline() {
    try {
        // Reading navigator.serviceWorker itself throws in some browsers when storage is blocked.
        const container = navigator.serviceWorker;
        // Absent in old browsers and on pages not served over https (or from localhost).
        if (!container) return null;
        // Relative to this module, not to the page's address: the scope is the site's directory
        // whatever the page's path or query.
        const script = new URL("sw.js", import.meta.url);
        const scope = new URL("./", import.meta.url);
        return await container.register(script, { scope: scope.href });
    } catch (error) {
        // Not worth an error: the page works as before, only without the offline copy.
        console.warn(`fichas: no offline copy of the site (${error?.message ?? error})`);
        return null;
    }
}
