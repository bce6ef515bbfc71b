import { z } from 'zod';
import { GAME_MODES } from './tables';

/**
 * Friends, blocks, presence and invitations to private tables (docs/product.md "Amigos";
 * docs/decisions/024-friends-presence-invitations.md). A friend is added by **username**
 * (`users.username`, shown on the player's own /amigos page to share); everywhere else another
 * player's name is the public short name (`publicName`: 'María G.'), as on tables and rankings.
 */

/** Spanish messages of the friends flows (answers and refusals). */
export const MSG_FRIENDS = {
  usernameRequired: 'Escribe el nombre de usuario de tu amigo.',
  usernameInvalid:
    'Ese nombre de usuario no es válido: usa de 3 a 30 letras minúsculas, números, puntos o guiones bajos.',
  userNotFound: 'No encontramos a ningún jugador con ese nombre de usuario.',
  playerNotFound: 'Ese jugador no existe.',
  self: 'No puedes enviarte una solicitud de amistad a ti mismo.',
  selfBlock: 'No puedes bloquearte a ti mismo.',
  requestSent: 'Solicitud de amistad enviada.',
  alreadyRequested: 'Ya le enviaste una solicitud de amistad a este jugador.',
  nowFriends: '¡Ahora son amigos!',
  alreadyFriends: 'Ya son amigos.',
  /** Either side blocked the other; it does not say which (a block is not announced). */
  blocked: 'No puedes enviar solicitudes ni invitaciones a este jugador.',
  requestNotFound: 'Esa solicitud de amistad ya no existe.',
  accepted: 'Solicitud aceptada. ¡Ahora son amigos!',
  declined: 'Solicitud rechazada.',
  cancelled: 'Solicitud cancelada.',
  removed: 'Eliminaste a este jugador de tus amigos.',
  notFriends: 'Este jugador no está en tu lista de amigos.',
  blockDone: 'Bloqueaste a este jugador: ya no podrá enviarte solicitudes ni invitaciones.',
  unblocked: 'Desbloqueaste a este jugador.',
  notBlocked: 'Este jugador no está bloqueado.',
  tooManyRequests:
    'Demasiadas solicitudes de amistad en poco tiempo. Espera unos minutos e intenta de nuevo.',
  invited: 'Invitación enviada.',
  alreadyInvited: 'Ya invitaste a este amigo a esta mesa.',
  inviteOnlyFriends: 'Solo puedes invitar a tus amigos.',
  tableNotFound: 'La mesa no existe.',
  tableNotPrivate: 'Solo puedes invitar amigos a una mesa privada.',
  notAtTable:
    'Solo puedes invitar amigos a una mesa privada en la que estás sentado o que organizas.',
  tableUnavailable: 'Esta mesa ya no recibe jugadores.',
  tableFull: 'La mesa ya está completa.',
  friendSeated: 'Tu amigo ya está sentado en esta mesa.',
  invitationNotFound: 'Esa invitación ya no existe.',
  invitationDeclined: 'Invitación rechazada.',
  tooManyInvitations:
    'Demasiadas invitaciones en poco tiempo. Espera unos minutos e intenta de nuevo.',
} as const;

/** Rate limits of the friends flows, per player and per client address. */
export const FRIEND_LIMITS = {
  /** Friend requests by username per player, in `windowMinutes`. */
  requestsPerUser: 20,
  /**
   * Friend requests by username per client address, in `windowMinutes`: ten times a player's, a
   * ceiling for everyone behind one address (docs/decisions/039).
   */
  requestsPerAddress: 200,
  /** Invitations sent per player, in `windowMinutes`. */
  invitationsPerUser: 30,
  windowMinutes: 10,
} as const;

/** Where a friend is, as their friends see it (docs/decisions/024). */
export const PRESENCES = ['playing', 'waiting', 'online', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];

/** The badge text of each presence. */
export const PRESENCE_LABELS: Record<Presence, string> = {
  online: 'En línea',
  waiting: 'Esperando',
  playing: 'Jugando',
  offline: 'Desconectado',
};

/**
 * A username as typed: trimmed, an optional leading '@' dropped, lower-cased; 3 to 30 of
 * [a-z0-9._-] (chosen names follow usernames.ts; older generated ones are "jugador" + digits).
 */
export const usernameInputSchema = z
  .string({ error: MSG_FRIENDS.usernameRequired })
  .transform((s) => s.trim().replace(/^@/, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: MSG_FRIENDS.usernameRequired, abort: true })
      .regex(/^[a-z0-9._-]{3,30}$/, MSG_FRIENDS.usernameInvalid),
  );

/** POST /api/friends/requests: ask a player to be friends, by username. */
export const friendRequestBodySchema = z.object({
  username: z.preprocess((v) => (v === undefined || v === null ? '' : v), usernameInputSchema),
});
export type FriendRequestBody = z.infer<typeof friendRequestBodySchema>;

/**
 * The answer of a friends action: the pair's state afterwards and the Spanish message. `status`
 * `pending` = a request waits for the other player, `friends` = accepted (also when both asked
 * each other), `none` = no link (declined, cancelled, removed), `blocked` = the caller blocked.
 */
export const friendActionResponseSchema = z.object({
  status: z.enum(['pending', 'friends', 'none', 'blocked']),
  message: z.string(),
});
export type FriendActionResponse = z.infer<typeof friendActionResponseSchema>;

/** Another player as the friends page shows them: id, public short name and username. */
export const friendPersonSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
});
export type FriendPerson = z.infer<typeof friendPersonSchema>;

/** A friend with their presence. */
export const friendSchema = friendPersonSchema.extend({
  presence: z.enum(PRESENCES),
  /** Since when they are friends (ISO). */
  since: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

/** A pending request, incoming or outgoing. */
export const friendRequestSchema = friendPersonSchema.extend({ created_at: z.string() });
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/**
 * GET /api/friends: everything the /amigos page shows. `me.username` is what the player shares;
 * `private_table` is the open private table the caller sits at or hosts (where "Invitar" sends
 * friends), or null.
 */
export const friendsOverviewSchema = z.object({
  me: z.object({ username: z.string() }),
  friends: z.array(friendSchema),
  incoming: z.array(friendRequestSchema),
  outgoing: z.array(friendRequestSchema),
  blocked: z.array(friendPersonSchema),
  private_table: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FriendsOverview = z.infer<typeof friendsOverviewSchema>;

/** POST /api/friends/invitations: invite an accepted friend to a private table. */
export const invitationBodySchema = z.object({
  user_id: z.number({ error: 'Elige a qué amigo invitar.' }).int().positive(),
  table_id: z.number({ error: 'Elige la mesa.' }).int().positive(),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

/**
 * An invitation to a private table, as its invitee sees it (GET /api/friends/invitations and the
 * `invitation:received` push). `entry_price` in bolívares (0 = amistosa); `link` is the
 * invitation page `/invitacion/<code>`; `from_name` and `host_name` are public short names.
 */
export const invitationSchema = z.object({
  id: z.number().int(),
  table_id: z.number().int(),
  table_name: z.string(),
  from_name: z.string(),
  host_name: z.string(),
  entry_price: z.number(),
  mode: z.enum(GAME_MODES),
  players: z.number().int(),
  seated: z.number().int(),
  link: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** POST /api/friends/invitations answer. */
export const invitationSentSchema = z.object({
  invitation_id: z.number().int(),
  message: z.string(),
});

/** The link of a private table's invitation page (built by the private tables feature). */
export function invitationLink(inviteCode: string): string {
  return `/invitacion/${inviteCode}`;
}

/**
 * `friends:changed` (user room): the caller's friends page is stale (a request arrived, was
 * accepted or withdrawn, a friend was removed or blocked, or a friend's presence may have changed).
 * It carries no names: the client refetches GET /api/friends.
 */
export const friendsChangedEventSchema = z.object({
  kind: z.enum(['requests', 'friends', 'presence']),
});
export type FriendsChangedEvent = z.infer<typeof friendsChangedEventSchema>;

/** `invitation:received` (user room): a friend invited the user to a private table. */
export const invitationReceivedEventSchema = invitationSchema;
export type InvitationReceivedEvent = Invitation;
