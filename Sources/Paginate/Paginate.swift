// The one module an app imports: `import Paginate` gives the document model, the input
// adapters (Markdown, plain text, JSON, pandoc JSON, external programs), the layout engine and
// its pages, the paging controller, and the renderers (text, ANSI, JSON page set, HTML book).

@_exported public import PaginateAdapters
@_exported public import PaginateLayout
@_exported public import PaginateModel
@_exported public import PaginatePaging
@_exported public import PaginateRender
