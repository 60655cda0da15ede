import { Anchor, AspectRatio, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Tutorial } from '../config/tutorial-sections';

/** One tutorial: title, description and an mp4 player with English captions (spec point 2). */
export function TutorialVideo({ tutorial }: { tutorial: Tutorial }) {
  const titleId = useId();
  return (
    <Stack gap="xs" component="article" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {tutorial.title}
      </Title>
      <Text c="dimmed">{tutorial.description}</Text>
      <AspectRatio ratio={16 / 9} maw={960}>
        <video
          controls
          preload="metadata"
          poster={tutorial.posterUrl}
          aria-labelledby={titleId}
          style={{ borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
        >
          <source src={tutorial.videoUrl} type="video/mp4" />
          <track kind="captions" src={tutorial.captionsUrl} srcLang="en" label="English" default />
          <Text component="span">
            This browser cannot play the video.{' '}
            <Anchor href={tutorial.videoUrl}>Download it</Anchor>.
          </Text>
        </video>
      </AspectRatio>
    </Stack>
  );
}
