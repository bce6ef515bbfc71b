import { Stack, Text, Title } from '@mantine/core';

/** A landing section's eyebrow and h2 (the h2 carries `id` for aria-labelledby). */
export function SectionTitle({
  id,
  eyebrow,
  title,
  lead,
  light = false,
  order = 2,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  light?: boolean;
  /** Heading level: 2 inside the landing, 1 when the section is a page of its own (/faq). */
  order?: 1 | 2;
}) {
  return (
    <Stack gap={8} mb={{ base: 'lg', sm: 'xl' }} align="center" ta="center">
      <Text
        fz="xs"
        fw={700}
        tt="uppercase"
        c={light ? 'gold.3' : 'gold.9'}
        style={{ letterSpacing: 2 }}
      >
        {eyebrow}
      </Text>
      <Title order={order} id={id} fz={{ base: 26, sm: 34 }} c={light ? 'white' : undefined}>
        {title}
      </Title>
      {lead && (
        <Text maw={640} c={light ? '#e4ece6' : 'dark.5'} fz={{ base: 'sm', sm: 'md' }}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}
