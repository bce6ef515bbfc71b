import { Anchor, Box, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LegalDocument } from '../content/types';
import classes from './LegalPage.module.css';

/** Where players write to staff; set at build time (VITE_SUPPORT_EMAIL), absent otherwise. */
const SUPPORT_EMAIL: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL || undefined;

/**
 * A legal document (/terms, /privacy): title, date, an index of sections (anchors) and the
 * sections, then the contact paragraph and a link to the other document.
 */
export function LegalPage({
  doc,
  other,
}: {
  doc: LegalDocument;
  other: { to: string; label: string };
}) {
  return (
    <Box className={classes.page} py={{ base: 28, sm: 56 }}>
      <Container size="md">
        <Stack gap={6} mb="lg">
          <Title order={1} fz={{ base: 28, sm: 38 }}>
            {doc.title}
          </Title>
          <Text fz="sm" c="dark.5">
            Última actualización: {doc.updated}
          </Text>
        </Stack>
        <Text mb="lg" lh={1.65}>
          {doc.intro}
        </Text>
        <Card padding="md" mb="xl" component="nav" aria-label="Contenido">
          <Text fw={700} fz="sm" mb="xs">
            Contenido
          </Text>
          <List spacing={4} fz="sm" listStyleType="none" className={classes.toc}>
            {doc.sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor component={Link} to={`#${s.id}`} c="felt.8">
                  {s.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
        <Stack gap="xl">
          {doc.sections.map((s) => (
            <Box
              component="section"
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-title`}
              className={classes.section}
            >
              <Title order={2} id={`${s.id}-title`} fz={{ base: 20, sm: 24 }} mb="sm">
                {s.title}
              </Title>
              <Stack gap="sm">
                {s.blocks.map((block, i) =>
                  typeof block === 'string' ? (
                    <Text key={i} lh={1.65} c="dark.7">
                      {block}
                    </Text>
                  ) : (
                    <List key={i} spacing="xs" className={classes.list}>
                      {block.list.map((item) => (
                        <List.Item key={item}>
                          <Text component="span" lh={1.65} c="dark.7">
                            {item}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  ),
                )}
              </Stack>
            </Box>
          ))}
          <Box component="section" id="contacto" aria-labelledby="contacto-title">
            <Title order={2} id="contacto-title" fz={{ base: 20, sm: 24 }} mb="sm">
              Contacto
            </Title>
            <Text lh={1.65} c="dark.7">
              Nuestro equipo de atención al jugador responde consultas, reclamos, solicitudes sobre
              tus datos y pedidos de autoexclusión. Para proteger tu cuenta, solo atendemos
              solicitudes que lleguen desde el correo registrado en ella.
              {SUPPORT_EMAIL && (
                <>
                  {' '}
                  Escríbenos a{' '}
                  <Anchor href={`mailto:${SUPPORT_EMAIL}`} c="felt.8">
                    {SUPPORT_EMAIL}
                  </Anchor>
                  .
                </>
              )}
            </Text>
          </Box>
        </Stack>
        <Text mt={48} fz="sm" c="dark.5">
          Consulta también nuestra{' '}
          <Anchor component={Link} to={other.to} c="felt.8" fw={600}>
            {other.label}
          </Anchor>
          .
        </Text>
      </Container>
    </Box>
  );
}
