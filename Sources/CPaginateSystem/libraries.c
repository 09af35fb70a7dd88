// Shared libraries opened at run time (the PDF export's pango and cairo, see CPangoCairo).
#include <dlfcn.h>
#include <stdio.h>

#include "paginate_system.h"

void *paginate_library_open(const char *name, char *error, size_t size) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL && size > 0) {
    const char *message = dlerror();
    snprintf(error, size, "%s", message != NULL ? message : name);
  }
  return library;
}

void *paginate_library_symbol(void *library, const char *symbol) {
  return dlsym(library, symbol);
}
