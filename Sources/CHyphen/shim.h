// The system libhyphen (Debian: libhyphen-dev; patterns in hyphen-en-us, hyphen-de, …),
// the hyphenation library of LibreOffice. Only PaginateLayout imports it.
#include <hyphen.h>
