// The service worker that keeps the site for offline play (install.js registers it). On install it
// caches every file of the build; then it answers the site's own GET requests from that cache
// first, and from the network only for what the cache lacks.
//
// web/build writes the build's version and files (paths relative to this file) in place of the
// null below, so each build's sw.js differs from the last one's and the browser installs it.
// Unbuilt, the worker caches nothing and leaves every request to the network.
const BUILD = /* web/build: the build */ null;

// The cache of this build, named by the site's directory as well, so two copies of the site on
// one origin never delete each other's.
const SCOPE = self.registration.scope;
const PREFIX = `fichas ${SCOPE} `;
const CACHE = BUILD && `${PREFIX}${BUILD.version}`;

self.addEventListener("install", (event) => {
    // A new build takes over at once, not when the last tab of the old one closes.
    self.skipWaiting();
    if (BUILD) event.waitUntil(precache());
});

async function precache() {
    const cache = await caches.open(CACHE);
    // "reload": the files as the server has them now, never an older build's from the HTTP cache.
    // addAll is all or nothing: if a file fails, so does the install, and the old build stays.
    const files = BUILD.files.map((file) => new Request(new URL(file, self.location.href), { cache: "reload" }));
    await cache.addAll(files);
}

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        // Older builds' caches go; the page that registered the worker is controlled at once, so a
        // first visit's game already runs through the cache.
        const names = await caches.keys();
        await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
        await self.clients.claim();
    })());
});

self.addEventListener("fetch", (event) => {
    const request = event.request;
    const url = new URL(request.url);
    // Only the site's own files: anything but GET, other origins (a game server's pages, anything
    // else) and addresses outside the site's directory go to the network untouched. WebSocket
    // connections (online play) never reach a service worker at all.
    if (!CACHE || request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
    event.respondWith(answer(request, url));
});

async function answer(request, url) {
    const cache = await caches.open(CACHE);
    let cached;
    if (request.mode === "navigate") {
        // The page with any query (?variant=…&seats=…&seed=…) is the one cached page: the site's
        // directory ("./") is its index.html.
        const page = new URL(url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname, url.origin);
        cached = await cache.match(page.href);
    } else {
        cached = await cache.match(request);
    }
    return cached ?? fetch(request);
}
