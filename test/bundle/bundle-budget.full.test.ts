import { describe, expect, it } from 'vitest';
import { measureBundle, scenarios } from '../../bench/bundle-size.js';
import { measureSplit } from '../../bench/bundle-split.js';
import { measureFirstAnswer } from '../../bench/first-answer.js';

// The browser bundle budget, in CI. The sizes are of dist/ as `npm test` builds it.

/**
 * The whole main entry with ky, zod and p-retry, minified and gzipped, and a page that builds one
 * resource on createCore. Issue #10's goals are 28 KB and 22 KB; these guards sit at the measured
 * sizes plus about 2 % so that any growth is a decision, not an accident (BENCHMARKS.md, "Bundle
 * size", says why the goals are missed and by how much). Issue 20 added 565 B to the whole entry
 * (43,915 to 44,480: every error class names itself for `instanceof` across the ESM and CommonJS
 * builds, and RedirectError) and 514 B to one resource (32,906 to 33,420). Issue 21 (merged:
 * keyed journals and totalTimeout; the resume's byte check, `UploadMayExistError`, foreign causes
 * kept with their class, clients that print without their token, echoed secrets hidden in
 * headers) measured 48,882 and 34,947 on the secrets branch after merging main at d1ddee7. Issue
 * 19 made the upload, purchase and polling helpers lazy chunks: a bundler that does not split
 * wraps every module such a chunk reaches in a lazy initializer, so the whole entry as one file
 * grows about 1.9 KB; its per-call work (plain checks of arguments, route templates split once,
 * fewer async steps) adds about 0.5 KB to one resource. Decisions, measured in BENCHMARKS.md.
 * Issue 30 (tracing) adds about 1.9 and 1.7 KB: a bundler that does not split inlines the
 * observer, loaded only when a tracer or meter is given, and its wiring (BENCHMARKS.md).
 */
// Issue 32 (browser branch, after merging main at 5396d6e): main had grown to 58.7 KB (whole
// entry, one file) and 38.9 (one resource) with the errors, journals and command work; this
// branch measured 58.8 and 39.1 (BENCHMARKS.md, "Issue 32"). Guards at those sizes plus about 1 %.
// Tracing's 1.9 and 1.7 KB (above) come on top of issue 32's figures, and the round's last merges
// (error codes, client.journal, the keyed calls' owner) brought the whole entry to 61.9 KB.
// Issue 32 (lazy request path): the engine and each family's schemas are `import()`ed on a first
// call; a bundler that does not split inlines each behind a lazy initializer, so the whole entry
// as one file grows from 61.9 to 64.3 KB (the helpers' loaders included), while every split page loads far less up front (below).
// Issue 36: the request path and every family's schemas are static imports again (no first call
// waits for code): 64.4 → 63.4 KB (the wrappers gone) and 41.4 → 42.8 for one resource (its
// schemas no longer behind a lazy initializer the bundler could drop). The goal, 48 KB for the
// whole entry, is missed (BENCHMARKS.md, "Issue 36"). After merging main at e47cd47 (which
// measured 67.8 and 41.6): 66.9 and 43.3. After issue 37's leases and KeyInProgressError and
// issue 40's digest error (68.5 KB for the whole entry). Issue 36, second round: 68.4 (the journal
// methods lazy, fewer shared chunks in dist/); after merging main at ae78b22 (the upload digest's
// reads, 72.5 KB there): 70.7. Guards at those sizes plus about 1 %.
// After keys2 (the owner MAC in JavaScript, +1.2 KB, loaded only by keyed calls on a split page)
// and the streamed chunk sends landed: 72.9 KB. Issue 40's byte-stream reader (byob) adds about
// 0.25 KB: 73.46 → 73.68 KB on main at a3f0cc5, 74.47 → 74.74 at a2b9ad9 (which is over 73.6).
// The fourth pass's fixes (red team: inputs with their own toJSON refused, header names that echo
// a secret dropped, arrays copied by index, a fileJournal's file checked per claim, a frozen
// claimer's overwrite refused; UploadSourceError; arrays bounded by length and read once) and the
// byte-stream reader, leases on a journal's clock: 75.3 KB on main at bd9dfd0 (73.2 before the
// pass). Correctness first; the budget follows them, plus about 0.4 %.
// Fifth pass (red team: secrets as hex and grouped by any separator, a short secret kept out of
// numbers, a hidden short token compared as recorded; leases that watch the wall clock and the
// database's steps; a stalled stream ended; `exclude` checked once and the array read shared):
// 76,086 B on main at 7125e90 (75,398 at 9e3b968), one resource 43,893 (43,790). Its review (a
// recorded field compared with the client's own token put back, more separators and hex forms of
// a secret, a late claim's lease renewed before it sends, a journal clock's bad reading replaced by
// its last good one): 76,768 B and 44,136. Plus about 0.4 %. redteam9 (hooks bounded by the
// attempt's timeout and kept from making a charged call look refused, a helper's failure typed in
// the client's scrub): 77,173 B and 44,442 against 76,768 and 44,136 at 30bb5cf, same machine.
// redteam8 (a digest of each hidden field under the token's secret, checked on a replay and by
// reconcile; a late claim's failed renewal; a suspend counted while a journal's clock gives none):
// 77,180 B against 76,768 at 30bb5cf, one resource unchanged; with redteam9: 77,624 and 44,442.
// Branch redactflow (a CVC named by its label, a record's own rule for short numbers, a large
// answer redacted in slices with a search that resumes): 79,132 B and 45,875 after merging main
// at a05114b (+1,421 and +1,298 against 9b5172a before the merge). Plus about 0.4 %.
// review6a (the hook guard takes any Response ky takes, follows the retry policy, ends with the
// call's signal, and a beforeRequest hook's failure on a money call says maybe processed; in a
// form 35 B smaller): 79,456 B and 45,913 against 79,406 and 45,875 on main at e287232, same
// machine. Two double charges closed for 50 B: the whole entry's guard moves by that. After
// merging main at 7fe651f (79,505 B there, over its own 79,450 guard): 79,556 and 45,913.
// Branch slicesroom (the slices in src/large-text/, a chunk loaded only for an answer of 64K
// characters or more): 79,985 B and 46,345 against 79,505 and 45,875 on main at 7fe651f. Heavier
// here, lighter on a split page (below): a bundle in one file inlines the dynamic import with
// what the chunk is handed of the page (src/large-text/page-parts.ts). Plus about 0.4 %.
// Sixth pass, every branch merged (review6a, slicesroom, review6c's labels, keycost6): 80,421 B
// and 46,705 B with every branch of the pass merged; plus about 0.4 %. Branch redteam10 (a secret's
// digits in other scripts, CVC labels in other languages): 80,899 and 46,978 B against 80,608 and
// 46,705 on main at 72ed4b2; plus about 0.4 %.
// Branch knowngaps (a token provider's field digests, the key hidden in spans, function causes
// cloned safely, settle/reconcile by compare-and-set): 80,974 B against 80,631 on main at 70b0d0f,
// same machine; the first page's guards unchanged. Both merged (main eba0e6d): 81,296 B; plus about
// 0.4 %.
// Seventh pass, every branch merged (main 92405e1: review7b's digits of every Unicode script and
// its settle/reconcile re-read, review7c's depth check, redteam11's chunk answer and record checks,
// streams7's port, syncredact's hook): 82,892 B and 47,755 B; plus about 0.4 %. Branch redteam13
// (a secret's text also searched folded: escaped other-script digits, full-width, marks; CVC labels
// in five more languages; a cause's own printers checked): 83,737 and 48,589 B; plus about 0.4 %.
// Branch leases (UploadTakenOverError and its message, the upload's hold watch, the released
// claim's run-out lease): 83,404 B against 82,918 on main 7074526 in one run (+486 B); merged with
// redteam13 84,363 B (one resource 48,590); plus about 0.4 %.
// Branch redteam14 (a chunk answer's name and quoted index checked, resume names tied to their key,
// the mismatch's message for an answer with no id): 83,565 B against 82,918 on main 7074526 in the
// same run (+647 B, the upload chunk's checks and messages; the first page +8 B); with redteam13
// merged (main 26a0c91): 84,557 B. Plus about 0.4 %.
// Eighth pass, every branch merged (main c2106d7; bytes8 won back 225 B): 85,046 B and one
// resource 48,384 B; plus about 0.4 %. Ninth pass, every branch merged (main af0c977: the secret
// search's new forms, the journal list's pauses, the shared heartbeat, upload name cleaning):
// 85,930 B and one resource 48,640 B; plus about 0.4 %. Tenth pass, every branch merged (main
// 687bf76: upload names in a fixed table of what every Python 3 prints, about 1 KB; a large answer
// validated in slices; more secret forms; the in-progress decision's message): 88,733 B and one
// resource 49,655 B; plus about 0.4 %. Eleventh pass, every branch merged (main 9ff08e8: more
// secret forms (UTF-16 either byte order, base64 of wrapped base64), messages that say what to do,
// the lease bound): 90,438 B and one resource 50,908 B; plus about 0.4 %. Twelfth pass, every
// branch merged (main c90321e: resources import their schemas by name, not as namespaces; more
// secret forms; leaseStatus): 90,575 B and one resource 50,408 B; plus about 0.4 %. Thirteenth
// pass, every branch merged (main b939117: UTF-32 and other-script base64 secret forms, journal
// members read once, a caller's timeout told alike everywhere): 92,205 B and one resource
// 50,774 B; plus about 0.4 %. Fourteenth pass, every branch merged (main 6d54029: a card's base64
// and hex words read, key/journal/identity misplaced refused, a journal clock's wrong readings
// refused; size14b won back 200 B): 94,169 B and one resource 51,261 B; plus about 0.4 %.
// Fifteenth pass, every branch merged (main 94ae0af: a card's digits in base64 pieces and hex dumps,
// keyed options checked, purchase's unknown options refused, timeouts that say nothing was sent;
// size15 won back 250 B): 94,970 B and one resource 51,457 B; plus about 0.4 %.
// Sixteenth pass, every branch merged (a secret's bytes as decimal numbers and
// in xxd/hexdump/od dumps read across lines, money calls' request options and idempotency keys
// refused; size16 won back 34-150 B of the first page): 96,782 B and one resource 52,068 B; plus
// about 0.4 %. Seventeenth pass, every branch merged (main 45d187b: dumps of 16/32/64-bit words
// and byte arrays in parsed answers read, more idempotency spellings and a client's signal refused,
// chunks out at a pause recorded; size17 moved the money calls' refusal texts off the page): 98,614 B
// and one resource 52,448 B; plus about 0.4 %. Eighteenth pass, every branch merged (main 8de0891:
// wire dumps, octal escapes, hex lists and split base64 words read; reversed forms after an override
// searched a chunk at a time): 100,011 B and one resource 53,281 B; plus about 0.4 %.
// Nineteenth pass, every branch merged (main d45666a: od dumps, character lists, narrow base64 and
// prefixed dumps read, a staged pattern; options nested in an order, a third argument and throwing
// getters refused; page19 won back 244 B): 101,741 B and one resource 54,107 B; plus about 0.4 %.
// Twentieth pass, every branch merged (main 96ab83b: grouped card digits, base32, doubled percent
// and prefixed od rows read; unknown request options refused; money options read once, a getter's
// card hidden; review20a took the seat schemas back off one resource): 103,890 B and one resource
// 55,081 B; plus about 0.4 %. Branch page21 (schemas with `.check` marked pure, createCore on the
// page's side): 104,012 B (the budget kept: esbuild wraps ky's files in init functions once a lazy
// part reaches them, +89) and one resource 54,863 B; plus about 0.4 %. Twenty-first pass, every
// branch merged (main 3774185: escape notations, od in JSON and `-A x`, misspelt order fields,
// the deployed card's expiry checked up front): 105,452 B and one resource 55,617 B; plus 0.4 %.
// Twenty-second pass, every branch merged (main b6bbc9c: misspelt fields folded, the deployed academy
// required, the 401 hint lazy): 106,018 B and one resource 55,762 B; plus 0.4 %. redteam61 (money
// fields written with Greek or Cyrillic look-alike letters refused): 106,548 B against 106,419 B
// before, in one run (+129 B); plus 16 B. upload24 (a store's late write cannot bring back a
// finished upload: the closed mark, read on resume; lazy on a page, here in the one file): with
// redteam61, 106,991 B at main 415c5b29 (+439 B of it upload24's); review24 (the emptied record
// closed, and its warning kept): 107,039 B at main 772458c0; plus 16 B. redteam62 (money fields
// in small capitals, Cherokee or Lisu letters refused): 107,106 B against 107,039 (+67); plus 16 B.
// loose25 (a closed mark the store refuses is a warning, not silence; lazy on a page): +85 B;
// both merged: 107,188 B; plus 16 B. review25 (a name in Japanese, Korean, Arabic ... no longer
// taken for a money field's look-alike; a letter outside the BMP counted once): 107,279 B against
// 107,188 (+91), in one run; plus 16 B.
const WHOLE_MAIN_ENTRY_BUDGET = 107_295;
const ONE_RESOURCE_BUDGET = 55_985;

describe('browser bundle of the main entry', () => {
  it(`stays within ${WHOLE_MAIN_ENTRY_BUDGET} bytes gzipped, dependencies included`, async () => {
    const { gzipped, inputs } = await measureBundle('whole main entry');
    expect(gzipped).toBeLessThanOrEqual(WHOLE_MAIN_ENTRY_BUDGET);
    // The dependencies are in it: the budget is of what a page really loads.
    expect(inputs.some((file) => file.includes('node_modules/zod/'))).toBe(true);
    expect(inputs.some((file) => file.includes('node_modules/p-retry/'))).toBe(true);
    expect(inputs.some((file) => file.includes('node_modules/ky/'))).toBe(true);
  });

  it(`builds one resource on createCore within ${ONE_RESOURCE_BUDGET} bytes gzipped`, async () => {
    const { gzipped } = await measureBundle('createCore + PlansResource, plans.get');
    expect(gzipped).toBeLessThanOrEqual(ONE_RESOURCE_BUDGET);
  });

  it('pulls in neither the mock nor the node entry, nor msw, nor form-data', async () => {
    // The build itself is for the browser platform: a Node built-in would fail it. form-data
    // (and what it pulls in) is the Node sender's encoder only: `seatpay/node`.
    const { inputs } = await measureBundle('whole main entry');
    const foreign = inputs.filter((file) =>
      /dist\/(mock|mock-msw|node)\.js|\/msw\/|node:|\/(form-data|combined-stream|mime-types)\//.test(
        file,
      ),
    );
    expect(foreign).toEqual([]);
  });

  it('leaves out what a page does not use (tree-shaking works)', async () => {
    const whole = await measureBundle('whole main entry');
    const plansOnly = await measureBundle('createCore + PlansResource, plans.get');
    // Upload, purchase and the other resources and schemas are gone: well over 15 % smaller.
    expect(plansOnly.gzipped).toBeLessThan(whole.gzipped * 0.85);
    expect(plansOnly.minified).toBeLessThan(whole.minified * 0.85);
    // The seat schemas (a seat's email check): a chunk every bundle loads held them beside the
    // mark of a rechecked answer, +708 B gzip on this bundle (review20a).
    expect(plansOnly.code).not.toContain('must be a valid email address');
  });
});

/**
 * A page that creates a client and calls `plans.get`, built by a code-splitting bundler, run as a
 * browser runs it (bench/first-answer.ts): what it downloads before its first answer, and how many
 * code hops stand before its request. Issue 32 loaded the request path and each family's schemas
 * on the first call: 25.6 KB up front with vite, but 51.7 KB in 22 files and three hops before
 * the first answer (55.8 KB in 32 files with esbuild). Issue 36 made them static again: 51.8 KB in
 * 15 files with vite and 52.1 in 17 with esbuild, two hops (the HTML, then the page's modules).
 * Its goals, 24 and 28 KB, are missed: ky, zod with every family's schemas and p-retry are about
 * 19.5 KB gzipped by themselves (BENCHMARKS.md, "Issue 36"). After merging main at e47cd47
 * (52.5 KB and 56.7 there, three hops): 52.5 with vite and 53.2 with esbuild. Guards at those
 * sizes plus about 1 %. After issues 37 and 40 landed: 53.3 with vite and 54.0 with esbuild.
 * Issue 36, second round: the parts loaded on first use all reach the modules they share with the
 * page (src/page-side.ts), so those make one chunk instead of one per combination of parts, and
 * `client.journal`'s methods load on first use: 48.0 KB in 2 files with vite, 48.6 in 4 with
 * esbuild. Third round: what the main entry exports and only the helpers use (their errors, the
 * in-memory journal of keys given without one) in dist/ chunks apart from the page's
 * (src/lazy-side.ts): 45.7 KB with vite (45,739 B), esbuild unchanged at 48.4 (48,369 B: it
 * keeps on the page every module the main entry exports that a helper uses).
 */
// Fourth pass (the fixes above): esbuild 48,976 B (it keeps UploadSourceError and the array
// bounds on the page: a helper's error the main entry exports), vite 46,293 B (45,739 before the
// pass: arrays read once into the copy that is checked and sent, own-toJSON refusals).
// Fifth pass (above): esbuild 49,157 B, vite 46,431 B on main at 7125e90 (49,073 and 46,304 at
// 9e3b968): the secret forms and the shared array read are on the page; after its review 49,393
// and 46,661 B (more separators and hex forms of a secret, the recorded-field comparison).
// redteam9's hook guard and scrub: 49,727 and 46,959 B against 49,393 and 46,661 at 30bb5cf.
// Branch redactflow (above), main a05114b merged: esbuild 51,247 B, vite 48,334 B: the label and
// record rules and the sliced redaction are on the page (an error answer's body may need them).
// Branch slicesroom: the slices are a chunk loaded only for an answer of a slice or more, off
// the page: esbuild 51,127 B, vite 48,123 B against 51,385 and 48,333 on main at 7fe651f. Plus
// about 0.4 %. Sixth pass, every branch merged (review6a's hook guard, review6c's labels):
// esbuild 51,567 B, vite 48,451 B; plus about 0.4 %. Branch redteam10 (digits in other scripts, CVC
// labels in other languages): 51,849 and 48,772 B against 51,565 and 48,448 at 72ed4b2.
// Seventh pass, every branch merged (main 92405e1; review7b's digits of every script are most of
// it): esbuild 52,650 B, vite 49,465 B; plus about 0.4 %. Branch redteam13 (the folded search):
// esbuild 53,443 B, vite 50,338 B; plus about 0.4 %. Eighth pass, every branch merged (main
// c2106d7): esbuild 53,531 B, vite 50,161 B; plus about 0.4 %. Ninth pass, every branch merged
// (main af0c977): esbuild 53,846 B, vite 50,359 B; plus about 0.4 %. Tenth pass, every branch
// merged (main 687bf76): esbuild 54,313 B, vite 50,768 B; plus about 0.4 %. Eleventh pass, every
// branch merged (main 9ff08e8): esbuild 55,352 B, vite 51,810 B; plus about 0.4 %. Twelfth pass,
// every branch merged (main c90321e): esbuild 55,166 B, vite 51,607 B; plus about 0.4 %.
// Thirteenth pass, every branch merged (main b939117): esbuild 55,103 B, vite 52,114 B; plus about
// 0.4 %. Fourteenth pass, every branch merged (main 6d54029): esbuild 56,243 B, vite 52,904 B;
// plus about 0.4 %. Fifteenth pass, every branch merged (main 94ae0af): esbuild 56,636 B, vite
// 53,132 B; plus about 0.4 %. Sixteenth pass, every branch merged: esbuild 57,502 B, vite
// 54,170 B; plus about 0.4 %. Seventeenth pass, every branch merged (main 45d187b): esbuild
// 57,829 B, vite 54,420 B; plus about 0.4 %. Eighteenth pass, every branch merged (main 8de0891):
// esbuild 58,781 B, vite 55,254 B; plus about 0.4 %. Nineteenth pass, every branch merged (main
// d45666a): esbuild 60,379 B, vite 56,836 B; plus about 0.4 %. Twentieth pass, every branch
// merged (main 96ab83b): esbuild 61,627 B, vite 57,920 B; plus about 0.4 %. Branch page21 (the
// request path in the file the page shares with the lazy parts): esbuild 61,152 B, vite 57,136 B;
// plus about 0.4 %. Twenty-first pass, every branch merged (main 3774185): esbuild 62,048 B,
// vite 57,975 B; plus about 0.4 %. Twenty-second pass, every branch merged (main b6bbc9c):
// esbuild 62,145 B, vite 58,081 B; plus about 0.4 %. redteam61 (look-alike letters in money
// fields): esbuild 62,461 B against 62,337 (+124), vite 58,401 B against 58,276 (+125); plus 16 B.
// redteam62 (other scripts' look-alikes): esbuild 62,524 B against 62,463 (+61), vite 58,458 B
// against 58,399 (+59); plus 16 B. review25 (names in scripts unlike Latin not taken for a money
// field; letters outside the BMP counted once): esbuild 62,604 B against 62,524 (+80), vite 58,531 B
// against 58,458 (+73), in one run; plus 16 B.
const FIRST_ANSWER_BUDGET = { 'esbuild --splitting': 62_620, vite: 58_547 } as const;
/** Files before the first answer (17 with esbuild and 15 with vite before page-side.ts; esbuild 4 before size13). */
const FIRST_ANSWER_FILES = { 'esbuild --splitting': 2, vite: 2 } as const;
/**
 * Everything the main entry exports, up front on a split page (50.8 and 50.0 KB, fourth pass;
 * 50,959 B with esbuild and 50,870 with vite, fifth pass, main at 7125e90; 51,198 B after its
 * review; redteam9: 51,549 and 51,376 against 51,199 and 51,050 at 30bb5cf).
 */
// Branch redactflow (above): 52,845 and 53,064 B. Branch slicesroom (the slices' chunk off the
// page): 52,967 and 52,774 B against 53,223 and 53,017 at 7fe651f; plus about 0.4 %. Sixth pass,
// every branch merged: 53,408 and 53,197 B; plus about 0.4 %. Branch redteam10: 53,699 and 53,527 B
// against 53,408 and 53,197 at 72ed4b2; plus about 0.4 %. Seventh pass, every branch merged
// (main 92405e1): 54,491 and 54,363 B; plus about 0.4 %. Branch redteam13: 55,278 and 55,179 B;
// plus about 0.4 %. Eighth pass, every branch merged (main c2106d7): 55,402 and 55,275 B; plus
// about 0.4 %. Ninth pass, every branch merged (main af0c977): 55,722 and 55,557 B; plus about
// 0.4 %. Tenth pass, every branch merged (main 687bf76): 56,193 and 56,003 B; plus about 0.4 %.
// Eleventh pass, every branch merged (main 9ff08e8): 57,228 and 57,052 B; plus about 0.4 %.
// Twelfth pass, every branch merged (main c90321e): 57,075 and 56,849 B; plus about 0.4 %.
// Thirteenth pass, every branch merged (main b939117): 56,956 and 56,824 B; plus about 0.4 %.
// Fourteenth pass, every branch merged (main 6d54029): 58,103 and 57,932 B; plus about 0.4 %.
// Fifteenth pass, every branch merged (main 94ae0af): 58,488 and 58,315 B; plus about 0.4 %.
// Sixteenth pass, every branch merged: 59,332 and 59,179 B; plus about 0.4 %. Seventeenth pass,
// every branch merged (main 45d187b): 59,680 and 59,519 B; plus about 0.4 %. Eighteenth pass, every
// branch merged (main 8de0891): 60,644 and 60,420 B; plus about 0.4 %. Nineteenth pass, every
// branch merged (main d45666a): 62,251 and 61,974 B; plus about 0.4 %. Twentieth pass, every branch
// merged (main 96ab83b): 63,453 and 63,091 B; plus about 0.4 %. Branch page21: 63,227 and
// 62,554 B; plus about 0.4 %. Twenty-first pass, every branch merged (main 3774185): 64,073 and
// 63,401 B; plus about 0.4 %. Twenty-second pass, every branch merged (main b6bbc9c): 64,154 and
// 63,487 B; plus about 0.4 %. redteam61 (look-alike letters in money fields): 64,456 B against
// 64,325 (+131) and 63,807 B against 63,669 (+138); plus 16 B. redteam62 (other scripts'
// look-alikes in money fields): esbuild 64,514 B; plus 16 B. review25 (names in scripts unlike
// Latin not taken for a money field): esbuild 64,603 B; plus 16 B.
const WHOLE_ENTRY_UP_FRONT_BUDGET = 64_619;

/**
 * The dist/ chunks a `client.media.upload`, `client.purchase` or `subscriptions.waitFor` loads,
 * the browser's XMLHttpRequest chunk sender (loaded on the first chunk), the observer a client
 * with a `tracer` or `meter` loads, and what `client.journal`'s methods do.
 */
const LAZY_HELPERS =
  /dist\/(upload|purchase|wait-for-subscription|xhr-chunk-sender|observer|journal-operations|redact-in-slices)-\w+\.js$/;

describe.each(['esbuild --splitting', 'vite'] as const)(
  'a one-call page split by %s',
  (splitter) => {
    it(`downloads at most ${FIRST_ANSWER_BUDGET[splitter]} bytes gzipped before its first answer`, async () => {
      const first = await measureFirstAnswer(splitter);
      expect(first.answer).toBe('team-per-seat');
      expect(first.gzipped).toBeLessThanOrEqual(FIRST_ANSWER_BUDGET[splitter]);
    });

    it(`downloads at most ${FIRST_ANSWER_FILES[splitter]} files before its first answer`, async () => {
      const first = await measureFirstAnswer(splitter);
      expect(first.files.length).toBeLessThanOrEqual(FIRST_ANSWER_FILES[splitter]);
    });

    it('sends its request once its own modules have loaded: no chunk is imported on the way', async () => {
      const first = await measureFirstAnswer(splitter);
      expect(first.lateFiles).toEqual([]);
      // The HTML, then the page's entry with what it imports: nothing more before the request.
      expect(first.hops).toBe(2);
    });

    it(`loads everything the main entry exports within ${WHOLE_ENTRY_UP_FRONT_BUDGET} bytes up front`, async () => {
      const { upFront } = await measureSplit(scenarios['whole main entry'], splitter);
      expect(upFront.gzipped).toBeLessThanOrEqual(WHOLE_ENTRY_UP_FRONT_BUDGET);
    });

    it('leaves the upload, purchase, polling and journal helpers and the observer to chunks loaded on first use', async () => {
      const { upFront, all } = await measureSplit(scenarios['createClient, plans.get'], splitter);
      expect(upFront.inputs.filter((file) => LAZY_HELPERS.test(file))).toEqual([]);
      // They are in the page's build, behind a dynamic import: the page still can call them.
      expect(all.chunks).toBeGreaterThan(upFront.chunks);
      expect(all.gzipped - upFront.gzipped).toBeGreaterThan(5_000);
      // And a plans.get page downloads none of them before its first answer.
      const first = await measureFirstAnswer(splitter);
      const helpers =
        /^(assets\/)?(upload|purchase|wait-for-subscription|xhr-chunk-sender|observer|journal-operations|redact-in-slices)-/;
      expect(first.files.filter((file) => helpers.test(file))).toEqual([]);
    });
  },
);
