import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

type Openable = { opened: boolean };

/**
 * A modal or drawer whose code (Mantine's Modal, focus trap, scroll lock) loads the first time it
 * opens rather than with the page (issue 13, decision 010). It renders closed first and opens on
 * the next frame, so its opening transition and focus handling run as if it had been mounted all
 * along; once opened it stays mounted, so closing animates and gives focus back.
 */
export function lazyDialog<P extends Openable>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() }));

  function OpenAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Dialog {...props} opened={props.opened && mounted} />;
  }

  function LazyDialog(props: P) {
    const [needed, setNeeded] = useState(props.opened);
    if (props.opened && !needed) setNeeded(true);
    if (!needed) return null;
    return (
      <Suspense fallback={null}>
        <OpenAfterMount {...props} />
      </Suspense>
    );
  }

  return LazyDialog;
}
