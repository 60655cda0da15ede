/**
 * The part of pdfmake's server API the exports use. Declared here rather than taken from
 * `@types/pdfmake`, whose typings pull the browser's DOM library into the API's compilation.
 */
declare module 'pdfmake' {
  /** A pdfmake document definition (https://pdfmake.github.io/docs/): plain objects. */
  export type PdfContent = string | Record<string, unknown> | PdfContent[];
  export interface PdfNode {
    headlineLevel?: number;
  }
  export interface PdfDocumentDefinition {
    info?: Record<string, string>;
    pageSize?: string;
    pageMargins?: [number, number, number, number];
    content: PdfContent[];
    footer?: (page: number, pages: number) => PdfContent;
    pageBreakBefore?: (
      node: PdfNode,
      nodes: { getFollowingNodesOnPage: () => PdfNode[] },
    ) => boolean;
    defaultStyle?: Record<string, unknown>;
    styles?: Record<string, Record<string, unknown>>;
  }
  const pdfmake: {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(allowed: (url: string) => boolean): void;
    setLocalAccessPolicy(allowed: (path: string) => boolean): void;
    createPdf(definition: PdfDocumentDefinition): { getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
