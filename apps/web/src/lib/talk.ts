import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  MSG,
  SERVER_EVENTS,
  talkMessageSchema,
  talkMuteResponseSchema,
  talkReportResponseSchema,
  talkStateSchema,
  type TalkMessage,
  type TalkReportReason,
  type TalkState,
} from '@domino/contracts';
import { apiGet, apiPost, apiSend } from './api';
import { openChannel, type Channel } from './socket';

/**
 * Table talk on the web (docs/decisions/023-table-talk.md), shared by the waiting room and the
 * game screen: the talk state of a table (GET /api/talk/tables/{id}), live `talk:message` pushes,
 * `talk:send` with its Spanish refusal, mutes and "Reportar". Pure rules are exported for tests.
 */

export const talkKey = (tableId: number) => ['talk', tableId] as const;

/**
 * GET /api/talk/tables/{id}: the caller's talk state at a table they play at, with the recent
 * messages, or with `since` (a message id) the messages after it, a page at a time (`more`: ask
 * again from the last one; docs/decisions/064-blip-resync.md).
 */
export function fetchTalkState(
  tableId: number,
  signal?: AbortSignal,
  since?: number,
): Promise<TalkState> {
  const query = since === undefined ? '' : `?since=${since}`;
  return apiGet(`/api/talk/tables/${tableId}${query}`, talkStateSchema, { signal });
}

/** PUT /api/talk/mutes/{userId}; returns the caller's mutes. */
export function mutePlayer(userId: number) {
  return apiSend(`/api/talk/mutes/${userId}`, talkMuteResponseSchema, { method: 'PUT' });
}

/** DELETE /api/talk/mutes/{userId}; returns the caller's mutes. */
export function unmutePlayer(userId: number) {
  return apiSend(`/api/talk/mutes/${userId}`, talkMuteResponseSchema, { method: 'DELETE' });
}

/** POST /api/talk/reports: reports what `userId` said at `tableId`. */
export function reportPlayer(tableId: number, userId: number, reason: TalkReportReason) {
  return apiPost(
    '/api/talk/reports',
    { table_id: tableId, user_id: userId, reason },
    talkReportResponseSchema,
  );
}

/** How many messages the panel keeps. */
export const TALK_LOG_SIZE = 40;

/**
 * The log after `incoming` arrives: ordered by id, without duplicates (a push and a refetch may
 * carry the same message), without muted senders, the last TALK_LOG_SIZE.
 */
export function mergeMessages(
  log: readonly TalkMessage[],
  incoming: readonly TalkMessage[],
  muted: readonly number[],
): TalkMessage[] {
  const byId = new Map<number, TalkMessage>();
  for (const m of [...log, ...incoming]) byId.set(m.id, m);
  return [...byId.values()]
    .filter((m) => !muted.includes(m.from.user_id))
    .sort((a, b) => a.id - b.id)
    .slice(-TALK_LOG_SIZE);
}

/** What {@link openTalkChannel} reports. */
export interface TalkChannelHandlers {
  /** Messages pushed live, or a page of those missed while the socket was away (oldest first). */
  onMessages(messages: TalkMessage[]): void;
  /**
   * Connected again: the talk state (moment, phrases, ban) may have changed meanwhile, and
   * without a cursor (no message held yet) the recent messages are what there is to read.
   */
  onReconnect?(): void;
}

/** The talk of one table on the shared socket: a channel that also catches up after a blip. */
export interface TalkChannel extends Channel {
  /** Messages this screen holds from elsewhere (the HTTP read, a send's ack): moves the cursor. */
  seen(messages: readonly TalkMessage[]): void;
}

/**
 * Opens the talk channel of table `tableId` (docs/decisions/064-blip-resync.md): `talk:message`
 * pushes of this table go to `onMessages`; after a reconnection, every message after the last one
 * held (pushed, read or seen) is read with `GET /api/talk/tables/{id}?since=` page after page
 * (`fetchPage`, the real call by default) and handed to `onMessages` in order, so nothing said
 * while the socket was away is lost, on whichever node the socket reconnected to. A push and a
 * page may carry the same message: the receiver merges by id ({@link mergeMessages}). A failed
 * page stops the catch-up; the next reconnection, or the panel's periodic read, takes over.
 */
export function openTalkChannel(
  tableId: number,
  handlers: TalkChannelHandlers,
  fetchPage: (since: number) => Promise<TalkState> = (since) =>
    fetchTalkState(tableId, undefined, since),
): TalkChannel {
  let last: number | null = null;
  let closed = false;
  let running = false;
  let again = false;
  const seen = (messages: readonly TalkMessage[]) => {
    for (const m of messages) if (last === null || m.id > last) last = m.id;
  };
  const deliver = (messages: TalkMessage[]) => {
    seen(messages);
    if (!closed && messages.length > 0) handlers.onMessages(messages);
  };
  const catchUp = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (let more = true; more && last !== null && !closed;) {
          const page = await fetchPage(last);
          if (closed) return;
          deliver(page.messages);
          more = page.more && page.messages.length > 0;
        }
      } while (again && !closed);
    } catch {
      // The socket dropped again or the read failed: the next reconnection asks again.
    } finally {
      running = false;
    }
  };
  const channel = openChannel({
    listen: {
      [SERVER_EVENTS.talkMessage]: (payload) => {
        const parsed = talkMessageSchema.safeParse(payload);
        if (parsed.success && parsed.data.table_id === tableId) deliver([parsed.data]);
      },
    },
    onReconnect: () => {
      handlers.onReconnect?.();
      void catchUp();
    },
  });
  return {
    request: channel.request,
    seen,
    close() {
      closed = true;
      channel.close();
    },
  };
}

/** What the talk panel works with. */
export interface TableTalk {
  state: TalkState | undefined;
  messages: TalkMessage[];
  /** Sends by id (reaction, phrase) or free text; resolves null or the Spanish refusal. */
  send: (
    msg: { kind: 'reaction' | 'phrase'; id: string } | { kind: 'text'; text: string },
  ) => Promise<string | null>;
  setMuted: (userId: number, mute: boolean) => Promise<string>;
  report: (userId: number, reason: TalkReportReason) => Promise<string>;
}

const SEND_TIMEOUT_MS = 6_000;

/**
 * The talk of table `tableId` for a player of it (`enabled`). `refreshKey` changes when the
 * moment may have changed (a hand ended, the match started or ended), to refetch what is allowed.
 */
export function useTableTalk(tableId: number, enabled: boolean, refreshKey: string): TableTalk {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: talkKey(tableId),
    queryFn: ({ signal }) => fetchTalkState(tableId, signal),
    enabled,
    retry: false,
    refetchInterval: 20_000,
  });
  const [live, setLive] = useState<TalkMessage[]>([]);
  const channel = useRef<TalkChannel | null>(null);
  const muted = useMemo(() => query.data?.muted ?? [], [query.data]);

  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: talkKey(tableId) });
  }, [refreshKey, enabled, tableId, queryClient]);

  useEffect(() => {
    if (!enabled) return;
    const ch = openTalkChannel(tableId, {
      onMessages: (messages) => setLive((l) => mergeMessages(l, messages, [])),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: talkKey(tableId) }),
    });
    channel.current = ch;
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [enabled, tableId, queryClient]);

  // The messages of the HTTP read move the catch-up cursor too.
  useEffect(() => {
    if (query.data) channel.current?.seen(query.data.messages);
  }, [query.data, enabled, tableId]);

  const messages = useMemo(
    () => mergeMessages(query.data?.messages ?? [], live, muted),
    [query.data, live, muted],
  );

  const send = useCallback<TableTalk['send']>(
    (msg) =>
      new Promise((resolve) => {
        const ch = channel.current;
        if (!ch) return resolve(MSG.networkError);
        ch.request(
          CLIENT_EVENTS.talkSend,
          { table_id: tableId, ...msg },
          SEND_TIMEOUT_MS,
          (ack) => {
            const a = ack as { ok?: boolean; message?: unknown } | undefined;
            if (a?.ok === true) {
              const parsed = talkMessageSchema.safeParse(a.message);
              if (parsed.success) {
                ch.seen([parsed.data]);
                setLive((l) => mergeMessages(l, [parsed.data], []));
              }
              return resolve(null);
            }
            // A refusal may mean the state moved (a ban, the hand started): ask again.
            void queryClient.invalidateQueries({ queryKey: talkKey(tableId) });
            resolve(typeof a?.message === 'string' ? a.message : MSG.networkError);
          },
        );
      }),
    [tableId, queryClient],
  );

  const setMuted = useCallback(
    async (userId: number, mute: boolean) => {
      const res = mute ? await mutePlayer(userId) : await unmutePlayer(userId);
      queryClient.setQueryData<TalkState>(talkKey(tableId), (s) =>
        s ? { ...s, muted: res.muted } : s,
      );
      if (!mute) void queryClient.invalidateQueries({ queryKey: talkKey(tableId) });
      return res.message;
    },
    [queryClient, tableId],
  );

  const report = useCallback(
    async (userId: number, reason: TalkReportReason) =>
      (await reportPlayer(tableId, userId, reason)).message,
    [tableId],
  );

  return { state: query.data, messages, send, setMuted, report };
}
