// The service worker of a static copy of the site (adjudicator export writes it at the copy's
// root, so that its scope is the whole copy, served from a host's root or from a folder).
// It stores nothing itself: static/copy.js keeps a code's files in Cache Storage, one cache a
// code ("adjudicator PATH CODE VERSION"). It answers a page this phone keeps from there, the
// rest from the network; with no signal, a page that is not kept gets the kept code's page
// that says so (offline/CODE/, with its links made to work from the page's own address).

const SCOPE = self.registration.scope
const PREFIX = 'adjudicator ' + new URL(SCOPE).pathname + ' '
const CODE_PAGE = /^(?:codes|settle|learn)\/([^/?#]+)/

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', event => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', event => {
  const request = event.request
  if (request.method === 'GET' && request.url.startsWith(SCOPE)) event.respondWith(answer(request))
})

async function keptCaches () {
  return (await caches.keys()).filter(name => name.startsWith(PREFIX))
}

async function fromKept (request) {
  for (const name of await keptCaches()) {
    const found = await (await caches.open(name)).match(request, { ignoreSearch: true })
    if (found) return found
  }
  return undefined
}

async function answer (request) {
  // copy.js asks for what it keeps, and for the lists it compares, with no-store: the network's
  const fresh = request.cache === 'no-store'
  const kept = fresh ? undefined : await fromKept(request)
  if (kept) return kept
  try {
    return await fetch(request)
  } catch (error) {
    const stored = fresh ? await fromKept(request) : undefined
    if (stored) return stored
    const page = request.mode === 'navigate' ? await notKept(request.url) : undefined
    if (page) return page
    throw error
  }
}

async function notKept (url) {
  const codes = (await keptCaches()).map(name => name.slice(PREFIX.length).split(' ')[0])
  if (!codes.length) return undefined
  const named = url.slice(SCOPE.length).match(CODE_PAGE)
  const code = named && codes.includes(named[1]) ? named[1] : codes[0]
  const base = SCOPE + 'offline/' + code + '/'
  const page = await fromKept(new Request(base))
  if (!page) return undefined
  const html = (await page.text()).replace(/ (href|src)="([^"#][^"]*)"/g, (all, name, link) => ` ${name}="${new URL(link, base).href}"`)
  return new Response(html, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}
