// Where ddblab finds its lessons and exercises. Nothing is looked up through the source tree:
//   1. DDBLAB_LESSONS_DIR / DDBLAB_EXERCISES_DIR, when set, replace the bundled folder;
//   2. else <binary's folder>/../share/ddblab/<kind> (an installed ddblab: bin/ and share/);
//   3. else <binary's folder>/share/ddblab/<kind> (a build folder, where the build copies them).
// A course folder (--course DIR or DDBLAB_COURSE) holding lessons/ and exercises/ is searched
// before the bundled ones; an id found in both is the course's.
#pragma once

#include <string>
#include <vector>

namespace ddblab::lab {

// The bundled folder of `kind` ("lessons" or "exercises"), by the rules above; the installed
// location when none exists, so messages name where ddblab looked.
std::string BundledDataDir(const std::string& kind);

// The course folder from DDBLAB_COURSE ("" when unset).
std::string CourseDir();

// The course's folder of `kind` then the bundled one, each only when it exists (the bundled one
// always, so an empty result is never returned).
std::vector<std::string> DataDirs(const std::string& kind);

}  // namespace ddblab::lab
