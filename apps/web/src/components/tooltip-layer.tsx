import { Tooltip, type TooltipProps } from '@mantine/core';

export type TooltipLayerProps = Omit<TooltipProps, 'children' | 'target'> & {
  target: HTMLElement;
};

/**
 * Mantine's tooltip attached to an element already on screen. Loaded by `DeferredTooltip`, which
 * passes `defaultOpened` when the pointer is still over the element: it shows at once then, as
 * the hover that loaded it would have.
 */
export function TooltipLayer({ target, ...props }: TooltipLayerProps) {
  return <Tooltip target={target} {...props} />;
}
