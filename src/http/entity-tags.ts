// Entity tags in the conditional request headers (RFC 9110, section Conditional
// Requests): `If-Match` and `If-None-Match` are `*` or a comma-separated list
// of entity tags, each `"opaque"` or weak `W/"opaque"`. An encounter's ETag is
// its version, `"7"`, a strong validator.
import type { VersionPrecondition } from '../encounters/errors.js'
import { patternWithMessage } from './validation.js'

const OWS = '[\\t ]*'
/** entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc is any visible character but DQUOTE, or obs-text. */
const ENTITY_TAG = '(?:W/)?"[\\x21\\x23-\\x7E\\x80-\\xFF]*"'

/**
 * The header's grammar as a schema `pattern`, so the document says exactly
 * what is accepted: `*`, or list members separated by commas (empty members
 * and optional whitespace allowed, as in every list header). Each repetition
 * consumes a comma or a whole tag, so matching is linear in the length.
 */
export const ENTITY_TAG_LIST = patternWithMessage(
  `^${OWS}(?:\\*${OWS}|(?:(?:${ENTITY_TAG}${OWS}(?:,|$)|,)${OWS})*)$`,
  'must be * or a comma-separated list of entity tags, each in double quotes ("3"), weak ones prefixed by W/ (W/"3")'
)
const ENTITY_TAG_LIST_RE = new RegExp(ENTITY_TAG_LIST, 'u')

export interface EntityTag { weak: boolean, opaque: string }

/** `*`, the tags listed (possibly none), or undefined for a value outside the grammar. */
export function parseEntityTags (value: string): '*' | EntityTag[] | undefined {
  if (!ENTITY_TAG_LIST_RE.test(value)) return undefined
  if (value.trim() === '*') return '*'
  return [...value.matchAll(/(W\/)?"([^"]*)"/g)].map((m) => ({ weak: m[1] !== undefined, opaque: m[2] ?? '' }))
}

/** Tags as the problem's detail names them: at most five, each cut at 40 characters (the header may hold 16 KiB of them). */
function tagsText (tags: EntityTag[]): string {
  const shown = tags.slice(0, 5).map((t) => `${t.weak ? 'W/' : ''}"${t.opaque.length > 40 ? `${t.opaque.slice(0, 40)}…` : t.opaque}"`).join(', ')
  return tags.length > 5 ? `${shown} and ${tags.length - 5} more` : shown
}

/** The version an opaque tag names: our ETags are `"<version>"` with no leading zeros. */
function versionOf (opaque: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(opaque) ? Number(opaque) : undefined
}

/**
 * The versions an `If-Match` allows a write at (undefined: no condition, no
 * header or `*`, which any existing encounter matches). If-Match compares
 * strongly: a weak tag never matches, even `W/"3"` at version 3, and the
 * refusal says so.
 */
export function ifMatchPrecondition (value: string | undefined): VersionPrecondition | undefined {
  if (value === undefined) return undefined
  // The route's header schema has refused any other value with a 400 already.
  const tags = parseEntityTags(value) ?? []
  if (tags === '*') return undefined
  const versions = tags.flatMap((t) => t.weak ? [] : [versionOf(t.opaque)]).filter((v): v is number => v !== undefined)
  const strong = tags.filter((t) => !t.weak)
  const weak = tags.filter((t) => t.weak)
  const parts: string[] = []
  if (tags.length === 0) parts.push('If-Match lists no entity tag')
  if (strong.length > 0) parts.push(`If-Match ${tagsText(strong)} ${strong.length === 1 ? 'is not' : 'are not'} the encounter's current ETag`)
  if (weak.length > 0) parts.push(`${tagsText(weak)} ${weak.length === 1 ? 'is a weak tag' : 'are weak tags'}, which If-Match never matches: it compares entity tags strongly (RFC 9110, section If-Match); send the ETag as received`)
  return { versions: [...new Set(versions)], describe: parts.join('; ') }
}

/**
 * Whether an `If-None-Match` matches the current version, so a GET is a 304:
 * `*` matches any existing encounter, and the comparison is weak (RFC 9110, section
 * If-None-Match), so `W/"3"` and `"3"` both match version 3.
 */
export function ifNoneMatchMatches (value: string | undefined, version: number): boolean {
  if (value === undefined) return false
  const tags = parseEntityTags(value) ?? []
  return tags === '*' || tags.some((t) => versionOf(t.opaque) === version)
}
