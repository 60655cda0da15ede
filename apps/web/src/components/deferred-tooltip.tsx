import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ReactElement,
  type Ref,
} from 'react';
import type { TooltipLayerProps } from './tooltip-layer';

const loadLayer = () => import('./tooltip-layer');
const TooltipLayer = lazy(() => loadLayer().then((m) => ({ default: m.TooltipLayer })));

type DeferredTooltipProps = Omit<TooltipLayerProps, 'target'> & {
  /** One element that takes a ref; it is rendered as it is, with no wrapper. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
};

/**
 * A hover tooltip whose code (Mantine's Tooltip and its positioning library) loads the first time
 * the pointer enters its element, not with the page (issue 13, decision 010). The element itself
 * is rendered as it is from the start and never replaced; the tooltip attaches to it once loaded.
 * Mantine's tooltips open on hover only, so keyboard use is the same either way.
 */
export function DeferredTooltip({ children, ...tooltip }: DeferredTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  // Whether the pointer is still over the element when the tooltip has loaded.
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (!target) return;
    const enter = () => {
      setWanted(true);
      setHovered(true);
    };
    const leave = () => setHovered(false);
    target.addEventListener('pointerenter', enter);
    target.addEventListener('pointerleave', leave);
    return () => {
      target.removeEventListener('pointerenter', enter);
      target.removeEventListener('pointerleave', leave);
    };
  }, [target]);

  return (
    <>
      {cloneElement(children, { ref: setTarget })}
      {wanted && target && (
        <Suspense fallback={null}>
          <TooltipLayer target={target} defaultOpened={hovered} {...tooltip} />
        </Suspense>
      )}
    </>
  );
}
