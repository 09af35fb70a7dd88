// liblzma (Debian: liblzma-dev), for xz-compressed input. Only PaginateAdapters/Decompression.swift
// imports it.
#include <lzma.h>
