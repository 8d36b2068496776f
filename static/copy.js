// The script of a static copy of the site (adjudicator export); the live service sends none.
// Every page of a copy loads it as a module (script-src 'self': no inline script, no eval).
// - On the search page: searches the copy's index (search/pack.json, written by the export
//   from the live search's documents, stems and synonyms) and lists the hits.
// - On a code's page: "Keep this code for use offline" stores the files the export lists for
//   the code (offline/CODE.json) in this browser's Cache Storage, and registers the service
//   worker (sw.js, at the copy's root) that answers from them with no signal.
// - On any page, when online: a kept code whose list has a new version is kept again.
// Every sentence shown comes from the page (data-* attributes written from words.py).

import { stemmer } from './vendor/stemmer.js'

const ROOT = new URL('../', import.meta.url) // this file is ROOT/static/copy.js
const PREFIX = 'adjudicator ' + ROOT.pathname + ' ' // a cache: PREFIX + code + ' ' + version
const SHOWN = 50 // hits listed at most
const FORMAT = 1 // adjudicator/search/pack.py FORMAT

// ---------------------------------------------------------------- reading words

const TOKEN = /[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*/gu
const CITATION = // what stands before it is kept (no lookbehind: older phones' Safari lacks it)
  /(^|[^\p{L}\p{N}_§])(?:(?:laws?|rule|art(?:icle)?|l)\.?\s*|§+\s*)([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?:\([a-z0-9]+\))*/giu
const YEAR = /^(?:1[6-9]\d\d|20\d\d)$/
const LAW_ID = /^[a-z0-9]+(?:-[a-z0-9]+)+$/
const LAW_NAME = /^Laws? \S+(?: to \S+)?\. /
const DEFINITION = /^\s*what\b|\bdefin|\bmeaning\b/i // as adjudicator/search/text.py
const DEFINING = new Set(['what', 'whats', 'define', 'definition', 'meaning', 'meant', 'mean'])
const DEFINES = 0.3 // adjudicator/search/rank.py's figures
const CITED_WEIGHT = 0.4
const ABOVE = 1.01

function fold (text) {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

function tokens (text) {
  return fold(text).match(TOKEN) || []
}

function distance (a, b) { // optimal string alignment, as adjudicator/search/text.py
  let before = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1)
      row.push(value)
    }
    before = previous
    previous = row
  }
  return previous[b.length]
}

// ---------------------------------------------------------------- the index

class Index {
  constructor (data) {
    if (data.format !== FORMAT) throw new Error('format ' + data.format)
    this.data = data
    this.stop = new Set(data.stop)
    this.stemOf = new Map() // a known word -> its stem, as the live index made it
    for (const [stem, written] of Object.entries(data.vocabulary)) {
      for (const word of written.split(' ')) this.stemOf.set(word, stem)
    }
    this.held = new Map() // stem -> Map(provision -> weight), read on first use
    this.titles = new Map() // provision -> its title's stems, made on first use
    this.numbers = data.codes.map(() => new Map()) // a code's laws by number -> document
    data.docs.forEach((doc, n) => { if (doc[2]) this.numbers[doc[0]].set(doc[2], n) })
    this.codeWords = data.codes.map(code => new Set(code.words))
  }

  stem (word) {
    return this.data.unstemmed[word] || this.stemOf.get(word) || stemmer(word)
  }

  stems (text) {
    return tokens(text).filter(w => w.length >= 2 && !this.stop.has(w)).map(w => this.stem(w))
  }

  postings (stem) {
    let found = this.held.get(stem)
    if (found === undefined) {
      found = new Map()
      const flat = this.data.terms[stem] || []
      let group = 0
      for (let i = 0; i < flat.length; i += 2) {
        group += flat[i]
        found.set(group, flat[i + 1])
      }
      this.held.set(stem, found)
    }
    return found
  }

  written (form) { // how many provisions hold the rarest word of form
    return Math.min(...this.stems(form).map(s => this.postings(s).size), Infinity)
  }

  lookup (table, word) { // as text.lookup: the word's entry, else its stems'
    const found = table[word] || table[this.stems(word).join(' ')] || []
    return [...new Set(found)].filter(f => f !== word)
  }

  near (word) { // known words within one edit (4-5 letters) or two (longer), the nearest
    const limit = word.length <= 5 ? 1 : 2
    const found = []
    for (const known of this.stemOf.keys()) {
      if (known[0] !== word[0] || Math.abs(known.length - word.length) > limit) continue
      const d = distance(word, known)
      if (d <= limit) found.push([d, -this.postings(this.stemOf.get(known)).size, known])
    }
    found.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1))
    return found.filter(f => f[0] === (found[0] || [])[0]).slice(0, 3).map(f => f[2])
  }

  wordForms (word) { // as query._word_forms
    const weighted = [[word, 1], ...this.lookup(this.data.language, word).map(f => [f, 0.95])]
    const heads = this.lookup(this.data.synonyms, word)
    if (heads.length) {
      const variant = this.written(word) * 3 <= Math.max(...heads.map(h => this.written(h)))
      if (variant) weighted[0] = [word, 0.1]
      for (const head of heads) weighted.push([head, variant ? 1 : 0.6])
    }
    if (/^\p{L}+$/u.test(word) && word.length >= 4 && !this.stemOf.has(word)) {
      for (const near of this.near(word)) weighted.push([near, 0.8])
    }
    return weighted
  }

  unit (label, weighted, part = false) { // forms with the same stems are one form
    const best = new Map()
    for (const [form, boost] of weighted) {
      const stems = [...new Set(this.stems(form))]
      const key = stems.join(' ')
      if (stems.length && (!best.has(key) || best.get(key).boost < boost)) best.set(key, { stems, boost })
    }
    return best.size ? { label, forms: [...best.values()], part } : null
  }

  units (words, prefixes) { // as query.plan, without the index's pairs
    const units = []
    const covered = new Set()
    const synonyms = this.data.synonyms
    for (const n of [3, 2]) { // words a glossary lists together: "turn up", "eldest hand"
      for (let i = 0; i + n <= words.length; i++) {
        if ([...Array(n).keys()].some(k => covered.has(i + k))) continue
        const key = words.slice(i, i + n).join(' ')
        const targets = [...(synonyms[key] || []), ...(synonyms[this.stems(key).join(' ')] || [])]
        if (!targets.length) continue
        const unit = this.unit(key, [[key, 1], ...targets.map(t => [t, 1])])
        if (unit) {
          units.push(unit)
          for (let k = 0; k < n; k++) covered.add(i + k)
        }
      }
    }
    const numbers = this.data.numbers
    for (let i = 0; i + 1 < words.length; i++) { // "14 cards": more than thirteen, fewer than fifteen
      const n = /^\d+$/.test(words[i]) ? Number(words[i]) : numbers.indexOf(words[i])
      if (n > 2 && n < 20 && (words[i + 1] === 'card' || words[i + 1] === 'cards')) {
        const unit = this.unit(words[i] + ' cards', [[`more than ${numbers[n - 1]} cards`, 0.6], [`fewer than ${numbers[n + 1]} cards`, 0.6]])
        if (unit) units.push(unit)
      }
    }
    words.forEach((word, i) => {
      let weighted = this.wordForms(word)
      if (covered.has(i)) weighted = weighted.map(([form, boost]) => [form, boost * 0.4])
      const unit = this.unit(word, weighted, covered.has(i))
      if (unit) units.push(unit)
    })
    for (const prefix of prefixes) {
      const completions = [...this.stemOf.keys()].filter(w => w.startsWith(prefix))
        .sort((a, b) => this.postings(this.stemOf.get(b)).size - this.postings(this.stemOf.get(a)).size).slice(0, 12)
      const unit = this.unit(prefix + '*', completions.map(w => [w, 1]))
      if (unit) units.push(unit)
    }
    return units
  }

  titleStems (group) { // the stems of a provision's title (its first edition's, without "Law 50.")
    let found = this.titles.get(group)
    if (found === undefined) {
      const title = this.field(this.data.groups[group][0], 3).replace(LAW_NAME, '')
      found = { stems: new Set(this.stems(title)), defines: DEFINITION.test(title) }
      this.titles.set(group, found)
    }
    return found
  }

  ranked (units, excluded, allowed, defining) { // as rank.score: BM25, titles, the laws lifted
    const scores = new Map()
    const counts = new Map()
    for (const unit of units) {
      const best = new Map()
      for (const form of unit.forms) {
        const lists = form.stems.map(s => this.postings(s)).sort((a, b) => a.size - b.size)
        for (const [group, weight] of lists[0]) {
          if (!allowed(group)) continue
          let sum = weight
          for (const other of lists.slice(1)) sum = other.has(group) ? sum + other.get(group) : NaN
          if (sum * form.boost > (best.get(group) || 0)) best.set(group, sum * form.boost)
        }
      }
      for (const [group, score] of best) {
        scores.set(group, (scores.get(group) || 0) + score)
        if (!unit.part) counts.set(group, (counts.get(group) || 0) + 1)
      }
    }
    for (const stem of excluded) for (const group of this.postings(stem).keys()) scores.delete(group)
    // a provision matches with every unit of the query, or all but one of three or more
    const need = units.filter(u => !u.part).length
    let found = [...scores.keys()].filter(g => (counts.get(g) || 0) >= (need >= 3 ? need - 1 : need))
    if (!found.length) found = [...scores.keys()]
    // a title that answers the query: the share of the units it holds (squared), and how
    // much of the title they are; a definition, when the query names the thing or asks it
    const concepts = units.map(u => new Set(u.forms.flatMap(f => f.stems)))
    const every = new Set(concepts.flatMap(c => [...c]))
    const final = new Map()
    for (const group of found) {
      const title = this.titleStems(group)
      const held = concepts.filter(c => [...c].some(s => title.stems.has(s))).length
      let factor = 1
      if (held) {
        const covered = held / concepts.length
        const share = Math.min(1, [...title.stems].filter(s => every.has(s)).length / Math.max(1, title.stems.size))
        factor += covered * covered * (0.5 + 0.5 * share)
        if (defining && title.defines) factor += DEFINES
      }
      final.set(group, scores.get(group) * factor)
    }
    // what rests on a law (a remedy, a term) lifts it, and the law comes first
    const lifts = new Map()
    for (const group of found) {
      for (const n of this.data.groups[group]) {
        for (const law of this.data.docs[n][9]) {
          if (allowed(law) && final.get(group) > (lifts.get(law) || 0)) lifts.set(law, final.get(group))
        }
      }
    }
    for (const [law, top] of lifts) final.set(law, Math.max((final.get(law) || 0) + top * CITED_WEIGHT, top * ABOVE))
    return [...final.keys()].sort((a, b) => final.get(b) - final.get(a) || a - b)
  }

  search (text, filters) {
    const data = this.data
    text = text.replace(/\s+/g, ' ').trim().slice(0, 256)
    const citations = []
    const rest = text.replace(CITATION, (all, before, number) => {
      number = fold(number)
      if (!/\d/.test(number)) return all
      citations.push(number)
      return before + ' '
    })
    let words = []
    const prefixes = []
    const excluded = []
    for (const raw of rest.replace(/"/g, ' ').split(' ')) {
      const token = fold(raw).replace(/^[^\p{L}\p{N}§*-]+|[^\p{L}\p{N}*]+$/gu, '')
      if (token.startsWith('-') && token.length > 1) excluded.push(...this.stems(token.slice(1)))
      else if (token.endsWith('*') && /^[\p{L}\p{N}]{3,}$/u.test(token.slice(0, -1))) prefixes.push(token.slice(0, -1))
      else if (LAW_ID.test(token) && /\d/.test(token)) citations.push(token)
      else words.push(...tokens(token))
    }
    const defining = DEFINING.has(words[0])
    words = [...new Set(words.filter(w => !this.stop.has(w)))].slice(0, 16)
    let codes = data.codes.map((c, i) => i).filter(i =>
      (!filters.code || data.codes[i].id === filters.code) && (!filters.game || data.codes[i].game === filters.game))
    const names = w => YEAR.test(w) || codes.some(c => this.codeWords[c].has(w))
    const naming = (hints, among) => among.filter(c => hints.every(w => this.codeWords[c].has(w)))
    // a bare number is a citation when it is all that is left once the words naming codes go
    const bare = words.filter(w => !names(w))
    if (!citations.length && !prefixes.length && bare.length === 1 && codes.some(c => this.numbers[c].has(bare[0]))) {
      citations.push(bare[0])
      words = words.filter(w => w !== bare[0])
    }
    const hints = words.filter(names)
    const exact = []
    if (citations.length) {
      const among = hints.length ? naming(hints, codes) : codes
      for (const number of citations) for (const c of among) if (this.numbers[c].has(number)) exact.push(this.numbers[c].get(number))
      if (exact.length) {
        codes = among
        words = words.filter(w => !hints.includes(w))
      } else {
        words.push(...citations.flatMap(tokens)) // no such law: its words are searched
      }
    } else if (hints.length && hints.length < words.length + prefixes.length) {
      const named = naming(hints, codes) // "whist revoke": the codes the words name
      if (named.length) {
        codes = named
        words = words.filter(w => !hints.includes(w))
      }
    }
    const kind = filters.kind ? data.kinds.indexOf(filters.kind) : -1
    const passes = n => codes.includes(data.docs[n][0]) && (kind < 0 || data.docs[n][1] === kind)
    const allowed = group => data.groups[group].some(passes)
    const hits = []
    const seen = new Set()
    for (const n of exact) {
      const group = data.docs[n][7]
      if (passes(n) && !seen.has(group)) {
        seen.add(group)
        hits.push({ group, exact: exact.filter(e => data.docs[e][7] === group) })
      }
    }
    const units = this.units(words, prefixes)
    if (units.length) {
      for (const group of this.ranked(units, excluded, allowed, defining || units.length <= 2)) {
        if (!seen.has(group)) hits.push({ group, exact: [] })
        seen.add(group)
      }
    }
    const marks = new Set(units.flatMap(u => u.forms.flatMap(f => f.stems)))
    return { hits: hits.map(hit => this.shown(hit, passes, filters)), marks }
  }

  field (n, at) { // a document's title (3) or snippet (6): null where its group's first has it
    const doc = this.data.docs[n]
    return doc[at] ?? this.data.docs[this.data.groups[doc[7]][0]][at]
  }

  address (n) { // relative to the copy's root: its code's id is written ~
    const doc = this.data.docs[n]
    return new URL(doc[4].replace('~', this.data.codes[doc[0]].id), ROOT).href
  }

  shown (hit, passes, filters) { // the edition a hit shows, and its others
    const docs = this.data.docs
    const codes = this.data.codes
    const members = this.data.groups[hit.group].filter(passes)
    const newest = list => list.reduce((a, b) => (codes[docs[b][0]].year >= codes[docs[a][0]].year ? b : a))
    const filtered = filters.code ? members.filter(n => codes[docs[n][0]].id === filters.code) : []
    const shown = filtered.length ? filtered[0] : hit.exact.length ? newest(hit.exact) : newest(members)
    const others = this.data.groups[hit.group].filter(n => n !== shown)
    return { doc: shown, exact: hit.exact.includes(shown), others }
  }
}

// ---------------------------------------------------------------- the search page

function say (template, values) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all))
}

function element (tag, attributes, ...children) {
  const made = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value)
  for (const child of children) made.append(child)
  return made
}

function marked (text, index, marks) { // the words whose stem the query searched, in <mark>
  const out = []
  let at = 0
  for (const match of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    if (!marks.has(index.stem(fold(match[0])))) continue
    out.push(text.slice(at, match.index), element('mark', {}, match[0]))
    at = match.index + match[0].length
  }
  out.push(text.slice(at))
  return out
}

async function searchPage (found) {
  const params = new URLSearchParams(window.location.search)
  const q = (params.get('q') || '').trim()
  const filters = {}
  for (const name of ['game', 'code', 'kind']) {
    filters[name] = params.get(name) || ''
    const select = document.querySelector(`select[name="${name}"]`)
    if (select) select.value = filters[name]
  }
  const box = document.querySelector('input[name="q"]')
  if (box) box.value = q
  if (!q) return
  const words = found.dataset
  const count = found.querySelector('.count')
  const list = found.querySelector('.hits')
  found.hidden = false
  let index
  try {
    const response = await fetch(new URL('search/pack.json', ROOT))
    if (!response.ok) throw new Error(String(response.status))
    index = new Index(await response.json())
  } catch (error) {
    found.querySelector('.note').hidden = false
    return
  }
  const { hits, marks } = index.search(q, filters)
  const kinds = Object.fromEntries([...document.querySelectorAll('select[name="kind"] option')].map(o => [o.value, o.textContent]))
  const data = index.data
  count.textContent = hits.length === 0
    ? say(words.none, { q })
    : say(hits.length === 1 ? words.foundOne : words.found, { n: hits.length, q })
  for (const hit of hits.slice(0, SHOWN)) {
    const doc = data.docs[hit.doc]
    const kind = data.kinds[doc[1]]
    const meta = [kinds[kind] || kind, ...(hit.exact ? [words.exact] : []), data.codes[doc[0]].title].join(' · ')
    const item = element('li', {},
      element('h3', {}, element('a', { href: index.address(hit.doc) }, index.field(hit.doc, 3))),
      element('p', { class: 'meta' }, meta),
      element('p', { class: 'snippet' }, ...marked(index.field(hit.doc, 6), index, marks)))
    if (hit.others.length) {
      const editions = element('p', { class: 'editions' }, words.also + ' ')
      hit.others.forEach((n, i) => {
        const other = data.docs[n]
        editions.append(element('a', { href: index.address(n) }, other[5]))
        if (other[8] !== doc[8]) editions.append(` (${words.differs})`)
        if (i < hit.others.length - 1) editions.append(', ')
      })
      item.append(editions)
    }
    list.append(item)
  }
  if (hits.length > SHOWN) found.append(element('p', { class: 'note' }, say(words.more, { n: SHOWN })))
  document.title = `\u201c${q}\u201d: ${document.title}`
}

// ---------------------------------------------------------------- keeping a code

function megabytes (bytes) {
  return Math.max(0.1, bytes / 1e6).toFixed(1)
}

function listUrl (code) {
  return new URL(`offline/${code}.json`, ROOT)
}

async function freshList (code) { // the export's list of the code's files (never a kept one)
  const response = await fetch(listUrl(code), { cache: 'no-store' })
  if (!response.ok) throw new Error(String(response.status))
  return response.json()
}

async function kept () { // code -> [its cache's name, its list], for every code kept whole
  const out = new Map()
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue
    const code = name.slice(PREFIX.length).split(' ')[0]
    const list = await (await caches.open(name)).match(listUrl(code))
    if (list) out.set(code, [name, await list.json()])
  }
  return out
}

async function worker () {
  await navigator.serviceWorker.register(new URL('sw.js', ROOT), { scope: ROOT.href })
  return navigator.serviceWorker.ready
}

async function keep (code, list, progress) { // every file of the list, then the list itself
  await worker()
  const name = PREFIX + code + ' ' + list.version
  const cache = await caches.open(name)
  const queue = [...list.files]
  let done = 0
  const fetchOne = async () => {
    while (queue.length) {
      const url = new URL(queue.shift(), ROOT)
      let response = await fetch(url, { cache: 'no-store' })
      if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`)
      if (response.redirected) response = new Response(await response.blob(), { headers: response.headers })
      await cache.put(url, response)
      progress(++done, list.files.length)
    }
  }
  await Promise.all([fetchOne(), fetchOne(), fetchOne(), fetchOne()])
  await cache.put(listUrl(code), new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }))
  for (const other of await caches.keys()) {
    if (other.startsWith(PREFIX + code + ' ') && other !== name) await caches.delete(other)
  }
}

async function forget (code) {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX + code + ' ')) await caches.delete(name)
}

function visible (button, shown) { // a button's class may set its display: hidden alone would not hide it
  button.hidden = !shown
  button.style.display = shown ? '' : 'none'
}

async function codePage (box) {
  const code = box.dataset.code
  const words = box.dataset
  const [keepButton, forgetButton] = box.querySelectorAll('button')
  const status = box.querySelector('[role="status"]')
  const show = async () => {
    const mine = (await kept()).get(code)
    visible(keepButton, !mine)
    visible(forgetButton, Boolean(mine))
    keepButton.disabled = false
    if (mine) {
      status.textContent = say(words.kept, { mb: megabytes(mine[1].bytes) })
      return
    }
    status.textContent = ''
    try {
      status.textContent = say(words.size, { mb: megabytes((await freshList(code)).bytes) })
    } catch (error) {} // offline: the size is told when the list can be read
  }
  keepButton.addEventListener('click', async () => {
    keepButton.disabled = true
    try {
      await keep(code, await freshList(code), (done, total) => {
        // a twentieth at a time: a screen reader reads each change of a status aloud
        if (done === total || done % Math.ceil(total / 20) === 0) status.textContent = say(words.keeping, { done, total })
      })
      await show()
    } catch (error) {
      status.textContent = error.name === 'QuotaExceededError' ? words.noRoom : words.failed
      keepButton.disabled = false
    }
  })
  forgetButton.addEventListener('click', async () => {
    await forget(code)
    await show()
  })
  box.hidden = false
  await show()
}

async function refresh () { // online: a kept code whose list has a new version is kept again
  const box = document.getElementById('keep')
  for (const [code, [, list]] of await kept()) {
    let fresh
    try {
      fresh = await freshList(code)
    } catch (error) {
      continue
    }
    if (fresh.version === list.version) continue
    const here = box && box.dataset.code === code ? box.querySelector('[role="status"]') : null
    if (here) here.textContent = box.dataset.updating
    try {
      await keep(code, fresh, () => {})
    } catch (error) {
      continue // the old version stays until a new one is kept whole
    }
    if (here) here.textContent = say(box.dataset.kept, { mb: megabytes(fresh.bytes) })
  }
}

export { Index } // for bench/copy_search.py, which runs the search set through it

const found = document.getElementById('found')
if (found) searchPage(found)
if ('serviceWorker' in navigator && 'caches' in window) {
  const box = document.getElementById('keep')
  const ready = box ? codePage(box) : Promise.resolve()
  if (navigator.onLine) ready.then(refresh)
}
