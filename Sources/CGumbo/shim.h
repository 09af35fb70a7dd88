// Gumbo, Google's HTML5 parser (Debian: libgumbo-dev). Only PaginateAdapters/HTMLConverter.swift
// imports it.
#include <gumbo.h>
