import { API_PREFIX, isOfficeRole, NON_STYLIST_MESSAGE, type Access } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { isOfficeLead } from './auth.ts';

/** Who may call a route: declared by its endpoint in the contract. */
export type { Access };

/** The back office's routes: the operator's command line may call them, and their changes are audited. */
export const isBackOfficeAccess = (access: Access | undefined) =>
  access === 'admin' || access === 'operations';

/** Why an actor with `role` (and a stylist profile or not) may not call a route, or null. */
export function accessRefusal(
  access: Access,
  actor: Pick<Actor, 'role' | 'stylistId'>,
): AppError | null {
  switch (access) {
    case 'stylist':
      return actor.stylistId === null ? AppError.forbidden(NON_STYLIST_MESSAGE) : null;
    case 'office':
      return isOfficeRole(actor.role)
        ? null
        : AppError.forbidden('Only the back office’s staff may do this.');
    case 'admin':
      return isOfficeLead(actor.role) ? null : AppError.forbidden('Only admin staff may do this.');
    case 'operations':
      return isOfficeLead(actor.role)
        ? null
        : AppError.forbidden('Only operations staff may do this.');
    default:
      return null;
  }
}

export interface Actor {
  /** Null for the operator's command line, which reaches admin routes only (operator-token.ts). */
  userId: string | null;
  role: string;
  /** Read on stylist routes only (elsewhere null); requireStylist gives it typed. */
  stylistId: number | null;
  /** The session the token was minted for; null for an external issuer's token. */
  sessionId: string | null;
  /** When the token runs out (ms since the epoch): a long-lived stream must end then. */
  tokenExpiresAt?: number | undefined;
}

export interface UserActor extends Actor {
  userId: string;
}

export interface StylistActor extends UserActor {
  stylistId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** EventSource cannot send headers: such a route also takes the token as `?access_token=`. */
    acceptsQueryToken?: boolean;
    /** A page a browser opens itself (the API's docs): without a token, its session cookie. */
    acceptsSessionCookie?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function requireStylist(request: FastifyRequest): StylistActor {
  const actor = request.actor;
  if (!actor || actor.userId === null || actor.stylistId === null) {
    throw AppError.forbidden(NON_STYLIST_MESSAGE);
  }
  return { ...actor, userId: actor.userId, stylistId: actor.stylistId };
}

/** A signed-in user (the operator's command line is none). */
export function requireActor(request: FastifyRequest): UserActor {
  const actor = request.actor;
  if (!actor || actor.userId === null) throw AppError.unauthorized();
  return { ...actor, userId: actor.userId };
}

/** Who acts on an admin route, for the records: an admin, or (null) the operator's command line. */
export function adminActor(request: FastifyRequest) {
  if (!request.actor) throw AppError.unauthorized();
  return { kind: 'admin', userId: request.actor.userId } as const;
}

/** Who may call the route at `url`: as it declares, else a stylist on /api and anyone elsewhere. */
export function routeAccess(declared: Access | undefined, url: string): Access {
  if (declared) return declared;
  return url.startsWith(API_PREFIX) ? 'stylist' : 'public';
}
