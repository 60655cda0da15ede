/**
 * The typing effect of spec point 4 reveals a note character by character while keeping its
 * formatting: the (already sanitised) HTML is cut after the first `visible` text characters,
 * with every open element closed.
 */

function visibleText(node: Node): number {
  let count = 0;
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) count += (child.textContent ?? '').length;
    else if (child.nodeType === Node.ELEMENT_NODE) count += visibleText(child);
  }
  return count;
}

/** Text characters in the HTML (what the typing effect has to type). */
export function htmlTextLength(html: string): number {
  return visibleText(new DOMParser().parseFromString(html, 'text/html').body);
}

/** Removes everything after the first `budget` text characters; returns what is left over. */
function cut(node: Node, budget: number): number {
  let left = budget;
  for (const child of Array.from(node.childNodes)) {
    if (left <= 0) {
      child.remove();
      continue;
    }
    if (child.nodeType === Node.TEXT_NODE) {
      const text = child.textContent ?? '';
      if (text.length > left) child.textContent = text.slice(0, left);
      left -= Math.min(text.length, left);
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      left = cut(child, left);
    }
  }
  return left;
}

export function truncateHtml(html: string, visible: number): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  cut(body, Math.max(0, visible));
  return body.innerHTML;
}
