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

/** GET /api/talk/tables/{id}: the caller's talk state at a table they play at. */
export function fetchTalkState(tableId: number, signal?: AbortSignal): Promise<TalkState> {
  return apiGet(`/api/talk/tables/${tableId}`, talkStateSchema, { signal });
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
  const channel = useRef<Channel | null>(null);
  const muted = useMemo(() => query.data?.muted ?? [], [query.data]);

  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: talkKey(tableId) });
  }, [refreshKey, enabled, tableId, queryClient]);

  useEffect(() => {
    if (!enabled) return;
    const ch = openChannel({
      listen: {
        [SERVER_EVENTS.talkMessage]: (payload) => {
          const parsed = talkMessageSchema.safeParse(payload);
          if (parsed.success && parsed.data.table_id === tableId)
            setLive((l) => mergeMessages(l, [parsed.data], []));
        },
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: talkKey(tableId) }),
    });
    channel.current = ch;
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [enabled, tableId, queryClient]);

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
              if (parsed.success) setLive((l) => mergeMessages(l, [parsed.data], []));
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
