// The one door to the rules of domain/src/policies.ts (issue 53, decision 0063; immich's requireAccess
// is the model). Every right the server checks goes through here: a route's guard (allowedBy, in
// http/authentication.ts) for what a user may do at all, a service's first lines for a record. No
// server file reads POLICIES or `isAdmin` by itself (lint: eslint.config.js), so a rule changes in
// one place and the refusal it answers stays the same everywhere.
import { POLICIES, POLICY_HIDES_RECORDS, type Actor, type PolicyName } from '@lp/domain/policies';
import { AppError } from './app-error';

/** What a rule asks about besides the actor: nothing, a record, or a kind and a record. */
export type AccessSubject<P extends PolicyName> = (typeof POLICIES)[P] extends (
  actor: Actor,
  ...subject: infer S
) => boolean
  ? S
  : never;

/** Whether the rule lets the actor do it: for choices (which fields an edit takes), never a refusal. */
export function hasAccess<P extends PolicyName>(
  actor: Actor,
  policy: P,
  ...subject: AccessSubject<P>
): boolean {
  const rule = POLICIES[policy] as (actor: Actor, ...subject: AccessSubject<P>) => boolean;
  return rule(actor, ...subject);
}

/**
 * Refuses unless the rule lets the actor do it: a rule that hides records (another creditor's booking)
 * answers like a missing record (404), so that ids cannot be probed; every other one 403. `refusal`
 * replaces that where the spec gives the refusal its own message and code (the export lock).
 */
export function requireAccess<P extends PolicyName>(
  actor: Actor,
  policy: P,
  subject: AccessSubject<P>,
  refusal?: () => AppError,
): void {
  if (hasAccess(actor, policy, ...subject)) return;
  if (refusal) throw refusal();
  throw POLICY_HIDES_RECORDS.has(policy) ? AppError.notFound() : AppError.forbidden();
}
