/**
 * HootyBot's robots.txt (DESIGN.md flow: "robots.txt", before the frontier): RFC 9309 parsing
 * and matching, pure; the fetch policy over an injected request; the per-site cache.
 */
export { ROBOTS_MAX_BYTES, robotsText } from "./body.js";
export { createRobotsCache, type RobotsCache } from "./cache.js";
export { lintRobots, type RobotsNote } from "./lint.js";
export {
  type Challenge,
  type GetOnce,
  isFresh,
  loadRobots,
  MAX_ROBOTS_REDIRECTS,
  type RecogniseChallenge,
  ROBOTS_MAX_AGE_MS,
  ROBOTS_RETRY_MS,
  type RobotsOutcome,
  type RobotsResponse,
  robotsUrl,
  type UnavailableReason,
} from "./load.js";
export { type Directive, parseRobotsTxt, type RobotsTxtHandler } from "./parse.js";
export {
  AgentRules,
  type DecisionReason,
  isValidProductToken,
  parseRobots,
  Robots,
  type RobotsDecision,
  RobotsRule,
  robotsPath,
} from "./robots.js";
