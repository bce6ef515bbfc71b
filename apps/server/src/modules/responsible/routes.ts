import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  errorSchema,
  idParam,
  messageResponseSchema,
  playSessionSchema,
  responsibleSettingsSchema,
  setLimitRequestSchema,
  setReminderRequestSchema,
  startPauseRequestSchema,
  validationErrorSchema,
} from '@domino/contracts';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireAuth, session } from '../auth/plugin';
import { playSession, setLimit, setReminder, settingsOf, startPause } from './service';

const tags = ['Juego responsable'];

/** A 422 carries our code with the field errors (the input guard's and zod's alike). */
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/**
 * Responsible gaming (docs/decisions/030-responsible-gaming.md). The player's routes have no ids:
 * each reads or changes the caller's own settings only. Staff read a player's settings at
 * GET /api/admin/users/{id}/responsible (admin only; read-only).
 */
export async function responsibleRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/responsible',
      {
        schema: {
          tags,
          summary: 'Mis límites, recordatorio y pausa de juego',
          response: { 200: responsibleSettingsSchema },
        },
      },
      async (req) => settingsOf(db(), session(req).user.id),
    );

    r.put(
      '/api/responsible/limits',
      {
        schema: {
          tags,
          summary: 'Fijar, bajar, subir o quitar un límite de recargas o de pérdidas',
          description:
            'Montos en céntimos; `amount_cents: null` quita el límite. Bajar un límite (o fijarlo ' +
            'donde no había) aplica de inmediato; subirlo o quitarlo entra en vigor 24 horas después.',
          body: setLimitRequestSchema,
          response: { 200: messageResponseSchema, 422: refusalSchema },
        },
      },
      async (req) => setLimit(db(), session(req).user.id, req.body),
    );

    r.put(
      '/api/responsible/reminder',
      {
        schema: {
          tags,
          summary: 'Recordatorio de tiempo de juego cada 15, 30 o 60 minutos (o desactivado)',
          body: setReminderRequestSchema,
          response: { 200: messageResponseSchema, 422: refusalSchema },
        },
      },
      async (req) => setReminder(db(), session(req).user.id, req.body.minutes),
    );

    r.post(
      '/api/responsible/pause',
      {
        schema: {
          tags,
          summary: 'Tomar una pausa (24 h, 7 o 30 días) o autoexcluirse (6 meses o permanente)',
          description:
            'No se puede deshacer ni acortar. Mientras dure no se puede recargar ni pagar ' +
            'entradas; sí ver el historial, el saldo y retirar.',
          body: startPauseRequestSchema,
          response: { 200: messageResponseSchema, 409: errorSchema, 422: refusalSchema },
        },
      },
      async (req) => startPause(db(), session(req).user.id, req.body.option),
    );

    r.get(
      '/api/responsible/session',
      {
        schema: {
          tags,
          summary: 'Tiempo y resultado neto de la sesión actual (para el recordatorio)',
          response: { 200: playSessionSchema },
        },
      },
      async (req) => {
        const s = session(req);
        return playSession(db(), s.user.id, s.tokenId);
      },
    );
  });

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/users/:id/responsible',
      {
        schema: {
          tags,
          summary: 'Límites, recordatorio y pausa de un jugador (solo lectura)',
          params: z.object({ id: idParam }),
          response: { 200: responsibleSettingsSchema, 403: errorSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const [user] = await db()
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, req.params.id));
        if (!user) throw new AppError('http/not_found', 404, MSG.notFound);
        return settingsOf(db(), user.id);
      },
    );
  });
}
