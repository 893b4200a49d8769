/** Small, fast, non-cryptographic string hashes for block fingerprints (FNV-1a). */
import { codeUnitAt } from "../../core/code-units.js";

const FNV_PRIME = 0x01000193;
const FNV_OFFSET = 0x811c9dc5;

/** 32-bit FNV-1a of `text`, starting from `seed`. */
export function fnv1a(text: string, seed: number = FNV_OFFSET): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= codeUnitAt(text, i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/**
 * A 52-bit hash (a safe integer, usable as a Map key) of `text` under `seed`: two FNV-1a style
 * lanes with different seeds and primes in one pass, so that collisions among a site's few hundred
 * thousand blocks are practically absent.
 */
export function hash52(text: string, seed: number): number {
  let a = seed >>> 0;
  let b = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < text.length; i++) {
    const c = codeUnitAt(text, i);
    a = Math.imul(a ^ c, FNV_PRIME);
    b = Math.imul(b ^ c, 0x01000807);
  }
  return (b & 0xfffff) * 0x100000000 + (a >>> 0);
}

/**
 * `hash52(text.toLowerCase(), seed)`, without lower-casing a copy of the text first when it is
 * ASCII (A–Z are folded as they are read).
 */
export function hash52Lower(text: string, seed: number): number {
  let a = seed >>> 0;
  let b = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < text.length; i++) {
    let c = codeUnitAt(text, i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    else if (c > 0x7f) return hash52(text.toLowerCase(), seed);
    a = Math.imul(a ^ c, FNV_PRIME);
    b = Math.imul(b ^ c, 0x01000807);
  }
  return (b & 0xfffff) * 0x100000000 + (a >>> 0);
}

/** Combines a parent path hash with one element's signature ("div.navheader"). */
export function pathStep(parent: number, signature: string): number {
  return fnv1a(signature, Math.imul(parent ^ 0x5bd1e995, FNV_PRIME) >>> 0);
}
