// `ddblab exercise ...`: instructor tooling for graded exercises.
//
//   ddblab exercise check DIR [--seeds 1..20] [--exercises-dir DIR]
//       validates an exercise folder: the reference scores full marks on every seed, the starter
//       0, every right/*.ddb full marks, every wrong/*.ddb loses points with the feedback its
//       .expect names, and grading the same solution twice gives the same report.
//   ddblab exercise new NAME [--dir PARENT]
//       scaffolds a small working exercise folder to edit.
#pragma once

namespace ddblab::lab {

// argv[0] is "exercise". Returns the process exit status: 0 all good, 1 a check failed, 2 bad
// arguments.
int RunExerciseCommand(int argc, char** argv);

}  // namespace ddblab::lab
