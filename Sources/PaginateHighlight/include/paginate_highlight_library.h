// libPaginateHighlight.so exports paginate_highlight_api (declared in CHighlight's
// paginate_highlight.h); it has no interface of its own.
