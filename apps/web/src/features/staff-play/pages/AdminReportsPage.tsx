import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TalkReport } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTalkReportDecision, useTalkReports } from '../api/talk';

const STATUS_LABELS: Record<TalkReport['status'], string> = {
  open: 'Abiertos',
  dismissed: 'Descartados',
  banned: 'Silenciados',
};

/**
 * /admin/reportes: reports of table talk (docs/decisions/023-table-talk.md), newest first, each
 * with the conversation kept when it was made (the reported player's lines highlighted, the
 * words the filter masked flagged). Open reports get "Descartar" or "Silenciar" 24 horas / 7
 * días; every decision is audited by the server and shows in /admin/auditoria.
 */
export default function AdminReportsPage() {
  const [status, setStatus] = useState<TalkReport['status']>('open');
  const reports = useTalkReports(status);
  return (
    <Stack gap="md" data-testid="admin-reports">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          Reportes de mensajes
        </Title>
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(v) => setStatus(v as TalkReport['status'])}
          data={(Object.keys(STATUS_LABELS) as TalkReport['status'][]).map((s) => ({
            value: s,
            label: STATUS_LABELS[s],
          }))}
        />
      </Group>
      {reports.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : reports.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {reports.error.message}
        </Alert>
      ) : reports.data.data.length === 0 ? (
        <Text c="dimmed" data-testid="admin-reports-empty">
          No hay reportes {STATUS_LABELS[status].toLowerCase()}.
        </Text>
      ) : (
        reports.data.data.map((r) => <ReportCard key={r.id} report={r} />)
      )}
    </Stack>
  );
}

function ReportCard({ report }: { report: TalkReport }) {
  const decide = useTalkReportDecision();
  const act = async (d: { action: 'dismiss' } | { action: 'ban'; days: 1 | 7 }) => {
    try {
      const res = await decide.mutateAsync({ id: report.id, ...d });
      notify.success(res.message);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'No se pudo guardar la decisión.');
    }
  };
  return (
    <Card padding="md" withBorder data-testid="admin-report" data-report-id={report.id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Text fw={700}>
              <Link to={`/admin/usuarios/${report.reported.id}`}>{report.reported.name}</Link>{' '}
              <Text span c="dimmed" fz="sm">
                ({report.reported.email})
              </Text>
            </Text>
            <Text fz="sm">
              {report.reason_label} · reportado por {report.reporter.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {report.table.name} (ronda {report.table.round}) ·{' '}
              {formatCaracasDateTime(report.created_at)}
            </Text>
          </Stack>
          {report.status !== 'open' && (
            <Badge color={report.status === 'banned' ? 'red' : 'gray'}>{report.resolution}</Badge>
          )}
        </Group>
        <Stack
          gap={2}
          p="xs"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 8, maxHeight: 260, overflowY: 'auto' }}
          data-testid="admin-report-transcript"
        >
          {report.transcript.map((line) => (
            <Text
              key={line.id}
              fz="sm"
              fw={line.user_id === report.reported.id ? 700 : 400}
              c={line.user_id === report.reported.id ? 'red.8' : undefined}
            >
              <Text span c="dimmed" fz="xs">
                {formatCaracasDateTime(line.at)}
              </Text>{' '}
              {line.name}: {line.body}
              {line.flagged && (
                <Badge size="xs" color="orange" ml={6}>
                  filtrado
                </Badge>
              )}
            </Text>
          ))}
        </Stack>
        {report.status === 'open' && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              loading={decide.isPending}
              onClick={() => void act({ action: 'dismiss' })}
              data-testid="report-dismiss"
            >
              Descartar
            </Button>
            <Button
              size="xs"
              color="red"
              loading={decide.isPending}
              onClick={() => void act({ action: 'ban', days: 1 })}
              data-testid="report-ban-1"
            >
              Silenciar 24 horas
            </Button>
            <Button
              size="xs"
              color="red"
              variant="outline"
              loading={decide.isPending}
              onClick={() => void act({ action: 'ban', days: 7 })}
              data-testid="report-ban-7"
            >
              Silenciar 7 días
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
