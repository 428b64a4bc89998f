#ifndef BRAINTUTOR_CEGL_SHIM_H
#define BRAINTUTOR_CEGL_SHIM_H
// EGL types and constants only; GL enums come from COSMesa's desktop headers, so the two
// modules never declare the same GL typedefs twice.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
