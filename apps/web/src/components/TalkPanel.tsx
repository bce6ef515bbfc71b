import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconFlag,
  IconMessageCircle,
  IconSend,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import {
  TALK_PHRASES,
  TALK_REACTIONS,
  TALK_REPORT_REASONS,
  TALK_TEXT_MAX,
  type TalkMessage,
  type TalkReportReason,
} from '@domino/contracts';
import { isApiError } from '../lib/api';
import { notify } from '../lib/notify';
import { useSession } from '../lib/session';
import { useTableTalk, type TableTalk } from '../lib/talk';
import classes from './TalkPanel.module.css';

/**
 * Table talk (docs/decisions/023-table-talk.md): reactions, quick phrases, free text where the
 * server allows it, the conversation, and from a player's name "Silenciar" and "Reportar".
 * `compact` (the game screen): one row under the hand (the latest message, the reactions, a
 * phrases menu and a "Chat" button opening the full conversation in a bottom sheet), so nothing
 * covers the board. Otherwise (the waiting room) the whole panel inline.
 */
export function TalkPanel({
  tableId,
  enabled,
  refreshKey,
  compact = false,
}: {
  tableId: number;
  enabled: boolean;
  refreshKey: string;
  compact?: boolean;
}) {
  const talk = useTableTalk(tableId, enabled, refreshKey);
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(0);
  const me = useSession().user?.id;
  const lastId = talk.messages[talk.messages.length - 1]?.id ?? 0;
  if (!enabled || !talk.state) return null;

  if (!compact) {
    return (
      <div className={classes.panel} data-testid="talk-panel">
        <Text fw={700} size="sm">
          Conversación de la mesa
        </Text>
        <TalkBody talk={talk} />
      </div>
    );
  }
  const latest = talk.messages[talk.messages.length - 1];
  const unread = talk.messages.filter((m) => m.id > seen && m.from.user_id !== me).length;
  return (
    <div className={classes.compact} data-testid="talk-panel">
      <div className={classes.latest} aria-live="polite" data-testid="talk-latest">
        {latest ? (
          <span className={classes.bubble}>
            <b>{latest.from.user_id === me ? 'Tú' : latest.from.name}:</b> {latest.body}
          </span>
        ) : null}
      </div>
      <div className={classes.row}>
        <Reactions talk={talk} />
        <PhraseMenu talk={talk} />
        <ActionIcon
          variant="light"
          color="gold"
          size="lg"
          aria-label="Abrir la conversación"
          onClick={() => setOpen(true)}
          data-testid="talk-open"
          className={classes.chatButton}
        >
          <IconMessageCircle size={18} />
          {unread > 0 && !open && (
            <Badge size="xs" circle color="red" className={classes.unread}>
              {unread > 9 ? '9+' : unread}
            </Badge>
          )}
        </ActionIcon>
      </div>
      <Drawer
        opened={open}
        onClose={() => {
          setSeen(lastId);
          setOpen(false);
        }}
        position="bottom"
        size="auto"
        radius="lg"
        title="Conversación de la mesa"
        styles={{ content: { maxHeight: '80dvh' } }}
      >
        <TalkBody talk={talk} />
      </Drawer>
    </div>
  );
}

async function sendAndReport(talk: TableTalk, msg: Parameters<TableTalk['send']>[0]) {
  const refusal = await talk.send(msg);
  if (refusal) notify.warning(refusal);
  return refusal === null;
}

function Reactions({ talk }: { talk: TableTalk }) {
  const disabled = !talk.state?.can_talk;
  return (
    <Group gap={2} wrap="nowrap" className={classes.reactions}>
      {TALK_REACTIONS.map((r) => (
        <ActionIcon
          key={r.id}
          variant="light"
          color="gray"
          size="lg"
          aria-label={r.label}
          title={r.label}
          disabled={disabled}
          onClick={() => void sendAndReport(talk, { kind: 'reaction', id: r.id })}
          data-testid={`talk-reaction-${r.id}`}
        >
          <span className={classes.emoji}>{r.emoji}</span>
        </ActionIcon>
      ))}
    </Group>
  );
}

function PhraseMenu({ talk }: { talk: TableTalk }) {
  const allowed = TALK_PHRASES.filter((p) => talk.state?.phrases.includes(p.id));
  return (
    <Menu position="top-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          color="gold"
          disabled={allowed.length === 0}
          data-testid="talk-phrases"
        >
          Frases
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {allowed.map((p) => (
          <Menu.Item
            key={p.id}
            onClick={() => void sendAndReport(talk, { kind: 'phrase', id: p.id })}
            data-testid={`talk-phrase-${p.id}`}
          >
            {p.text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function TalkBody({ talk }: { talk: TableTalk }) {
  const state = talk.state!;
  const me = useSession().user?.id;
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<TalkMessage['from'] | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const allowed = TALK_PHRASES.filter((p) => state.phrases.includes(p.id));

  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [talk.messages.length]);

  const submit = async () => {
    if (text.trim() === '') return;
    if (await sendAndReport(talk, { kind: 'text', text })) setText('');
  };
  const toggleMute = async (userId: number, mute: boolean) => {
    try {
      notify.info(await talk.setMuted(userId, mute));
    } catch (error) {
      if (isApiError(error)) notify.error(error.message);
    }
  };

  return (
    <Stack gap={8}>
      <div className={classes.log} ref={logRef} data-testid="talk-log">
        {talk.messages.length === 0 ? (
          <Text size="xs" c="dimmed">
            Aún no hay mensajes. Saluda con una reacción o una frase.
          </Text>
        ) : (
          talk.messages.map((m) => (
            <div key={m.id} className={classes.line} data-testid="talk-message">
              {m.from.user_id === me ? (
                <b className={classes.mine}>Tú:</b>
              ) : (
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <UnstyledButton className={classes.name} data-testid="talk-name">
                      {m.from.name}:
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {state.muted.includes(m.from.user_id) ? (
                      <Menu.Item
                        leftSection={<IconVolume size={14} />}
                        onClick={() => void toggleMute(m.from.user_id, false)}
                      >
                        Dejar de silenciar
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        leftSection={<IconVolumeOff size={14} />}
                        onClick={() => void toggleMute(m.from.user_id, true)}
                        data-testid="talk-mute"
                      >
                        Silenciar a {m.from.name}
                      </Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      leftSection={<IconFlag size={14} />}
                      onClick={() => setReporting(m.from)}
                      data-testid="talk-report"
                    >
                      Reportar
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}{' '}
              <span className={m.kind === 'reaction' ? classes.emoji : undefined}>{m.body}</span>
            </div>
          ))
        )}
      </div>
      {!state.can_talk && state.banned_until && (
        <Text size="xs" c="red" data-testid="talk-banned">
          No puedes enviar mensajes hasta el{' '}
          {new Date(state.banned_until).toLocaleString('es-VE', {
            timeZone: 'America/Caracas',
            day: 'numeric',
            month: 'long',
            hour: 'numeric',
            minute: '2-digit',
          })}
          .
        </Text>
      )}
      <Reactions talk={talk} />
      {allowed.length > 0 && (
        <Group gap={6}>
          {allowed.map((p) => (
            <Button
              key={p.id}
              size="compact-xs"
              variant="light"
              color="gold"
              radius="xl"
              onClick={() => void sendAndReport(talk, { kind: 'phrase', id: p.id })}
              data-testid={`talk-chip-${p.id}`}
            >
              {p.text}
            </Button>
          ))}
        </Group>
      )}
      {state.free_text ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Group gap={6} wrap="nowrap">
            <TextInput
              aria-label="Escribe un mensaje"
              placeholder="Escribe un mensaje…"
              value={text}
              maxLength={TALK_TEXT_MAX}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
              size="sm"
              data-testid="talk-text"
            />
            <ActionIcon type="submit" size="lg" aria-label="Enviar" data-testid="talk-send">
              <IconSend size={16} />
            </ActionIcon>
          </Group>
        </form>
      ) : (
        <Text size="xs" c="dimmed">
          {state.moment === 'waiting'
            ? 'En las mesas públicas solo hay reacciones y frases rápidas.'
            : 'Durante la partida solo hay reacciones y frases rápidas: nadie puede hablar de sus fichas.'}
        </Text>
      )}
      <ReportModal
        target={reporting}
        onClose={() => setReporting(null)}
        onReport={async (reason) => {
          if (!reporting) return;
          try {
            notify.success(await talk.report(reporting.user_id, reason));
            setReporting(null);
          } catch (error) {
            notify.error(isApiError(error) ? error.message : 'No se pudo enviar el reporte.');
          }
        }}
      />
    </Stack>
  );
}

function ReportModal({
  target,
  onClose,
  onReport,
}: {
  target: TalkMessage['from'] | null;
  onClose: () => void;
  onReport: (reason: TalkReportReason) => Promise<void>;
}) {
  const [reason, setReason] = useState<TalkReportReason>('insultos');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Reportar a ${target.name}` : ''}
      centered
      radius="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          Guardaremos la conversación de esta mesa para que el equipo de Dominó la revise.
        </Text>
        <Radio.Group
          value={reason}
          onChange={(v) => setReason(v as TalkReportReason)}
          label="Motivo"
        >
          <Stack gap={6} mt={4}>
            {(Object.keys(TALK_REPORT_REASONS) as TalkReportReason[]).map((r) => (
              <Radio key={r} value={r} label={TALK_REPORT_REASONS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <Button
          color="red"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await onReport(reason);
            setBusy(false);
          }}
          data-testid="talk-report-send"
        >
          Enviar reporte
        </Button>
      </Stack>
    </Modal>
  );
}
